// PNG in and out through libpng.
