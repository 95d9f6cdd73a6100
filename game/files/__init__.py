"""The file formats a user or the game hands the program: saves, scenarios, maps, situations, lessons.

Every loader here refuses bad input in one sentence naming the file and field (``userfiles``, ``names``);
nothing here draws or plays.
"""
