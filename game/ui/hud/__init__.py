"""The heads-up display around the board: initiative bar, fighter panel, combat log, tooltips."""
