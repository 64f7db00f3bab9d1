"""Places a memory may name in English or in the place's own language (issue 24, forty-sixth
round): "Naples" / "Napoli", "Turin" / "Torino", "Munich" / "München". A user who lives there, or
an agent quoting a ticket, writes the local name; a paraphrase writes the English one. Each row is
one place, as ``aliases.ALIASES`` reads a row (its spellings of one thing, matched as whole words);
the pair judge then sees one specific. A row holds only the names of one city, so two places
("Naples" / "Turin") still differ.
"""

from __future__ import annotations

ENDONYMS: tuple[tuple[str, ...], ...] = (
    ("Naples", "Napoli"),
    ("Turin", "Torino"),
    ("Milan", "Milano"),
    ("Florence", "Firenze"),
    ("Venice", "Venezia"),
    ("Rome", "Roma"),
    ("Genoa", "Genova"),
    ("Munich", "München", "Muenchen"),
    ("Cologne", "Köln", "Koeln"),
    ("Nuremberg", "Nürnberg"),
    ("Vienna", "Wien"),
    ("Prague", "Praha"),
    ("Warsaw", "Warszawa"),
    ("Cracow", "Krakow", "Kraków"),
    ("Lisbon", "Lisboa"),
    ("Seville", "Sevilla"),
    ("Brussels", "Bruxelles", "Brussel"),
    ("Antwerp", "Antwerpen"),
    ("The Hague", "Den Haag"),
    ("Copenhagen", "København"),
    ("Gothenburg", "Göteborg"),
    ("Athens", "Athina"),
    ("Geneva", "Genève", "Genf"),
    ("Zurich", "Zürich"),
    ("Moscow", "Moskva"),
    ("Kyiv", "Kiev"),
    ("Bucharest", "București"),
    ("Belgrade", "Beograd"),
)
