"""Reading Tiled hex maps (.tmx, .tsx and their images) safely into a :class:`~game.model.Board`.

``geometry`` lays a map out exactly as Tiled draws it; ``safe_xml`` parses a file with element, attribute
and depth caps and names every bad number (``MapError``, the ``MAX_*`` bounds); ``layers`` decodes tile
layer data and terrain properties; ``tilesets`` checks tilesets and their images by their headers;
``objects`` turns object layers into spots and zones; ``reader`` puts them together (``load_map``).
``game.files.maps`` is the public face. Headless: no pygame.
"""
