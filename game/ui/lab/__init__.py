"""The situation lab's window (issue 18): set up a moment, play one action, step, rewind, compare rulesets.

The set-up and the plays are ``game.teaching.lab`` and ``game.teaching.lab_trial`` (headless);
this package only shows them and turns clicks into their edits.
"""
