"""The game's window: pygame-ce scenes over the headless model (the only package that imports pygame).

Public pieces:

- :class:`game.ui.app.App` - window, clock, scene stack and loop.
- :class:`game.ui.board_scene.BoardScene` - the board screen (hover, select, pan, zoom).
- :class:`game.ui.camera.Camera` - world (map pixels) <-> screen, pan and zoom.
- :class:`game.ui.geometry.MapGeometry` - where Tiled puts each tile and hex.
- :class:`game.ui.board_view.BoardView` - the tile layer, cached per zoom in chunks.
- :class:`game.ui.tokens.TokenLayer` - fighter tokens: placement, looks, picking.
- :class:`game.ui.overlays.HexTints` - cached translucent hexes (hover, arcs).
"""
