"""The words the device shows: one string table per language and the switch between them."""
