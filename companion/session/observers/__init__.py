"""Session observers: the night's chronicle and the live terminal view."""
