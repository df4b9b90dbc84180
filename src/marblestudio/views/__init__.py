"""The desktop application (the only place Qt and OpenGL are imported)."""
