"""The teaching tools: the situation lab, ``clinch explain``/``compare``, guided lessons and the after-battle review.

They read battles and situations (``game.files``) and play them through the rules; the window shows them.
"""
