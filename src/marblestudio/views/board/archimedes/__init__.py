"""Rock Me Archimedes's 3D board: `board.Board` draws it; its layout, animation and the window's help for the game live beside it."""
