"""The command-line interface; it translates between people and the engine and holds no rule."""
