"""One game in progress, Qt-free: its history, undo and redo, who plays each seat."""
