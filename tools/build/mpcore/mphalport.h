// Core-only hal (tools/build/mpcore): stdout only, no pins, no clock.
static inline void mp_hal_set_interrupt_char(char c) {
    (void)c;
}
static inline mp_uint_t mp_hal_ticks_ms(void) {
    return 0;
}
#define mp_hal_pin_obj_t int  // no pins: keeps py/mphal.h off extmod/virtpin.h (not in the sdist)
