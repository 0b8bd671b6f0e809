"""What the screens edit and persist, without drawing: the device settings, the storage API of the saves, the setup of a new game."""
