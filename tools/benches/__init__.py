"""The benchmark wing: one module per figure group that `make bench` (tools/bench.py) runs,
printing ratios and counts rather than host wall times where host speed would matter:
bot strength and speed (`cards`, `dice`, `dice_engine`, with the MicroPython timing runs
`cards_expert_timing` and `dice_expert_timing`), the display driver (`display`),
flashing (`flash`), whole games through the screens (`game`), RAM at 64 and 32 bits
(`memory`, `heap32`), the menus (`menu`) and the flash wear of saves (`store`);
`timing` has the clock helpers they share."""
