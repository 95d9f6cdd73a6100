"""The battle's turn machinery: the controller every player drives, its steps, dice sources, undo and autosave.

Below the rules (it calls a ruleset's hooks) and above the model; the window, the AI, replays and the
network server all play through :class:`game.flow.turns.TurnController`.
"""
