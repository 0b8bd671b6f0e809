"""The LAMA engine: pure game logic for LAMA Dice and L.L.A.M.A., shared by device and host."""
