"""The frame loop and the screen stack: App (poll, draw when dirty, show, sleep), the Screen base, and what stays resident in RAM between screens."""
