"""The raw material of the demo catalog: cities, providers, names and amenities."""

from __future__ import annotations

# city → (country, neighbourhoods)
CITIES: dict[str, tuple[str, tuple[str, ...]]] = {
    "Lisbon": ("Portugal", ("Alfama", "Baixa", "Príncipe Real", "Belém")),
    "Porto": ("Portugal", ("Ribeira", "Cedofeita", "Foz do Douro")),
    "Barcelona": ("Spain", ("El Born", "Gràcia", "Barceloneta", "Eixample")),
    "Kyoto": ("Japan", ("Gion", "Higashiyama", "Arashiyama")),
    "Mexico City": ("Mexico", ("Roma Norte", "Condesa", "Coyoacán")),
    "Cape Town": ("South Africa", ("Bo-Kaap", "Camps Bay", "Woodstock")),
    "Reykjavik": ("Iceland", ("Miðborg", "Vesturbær")),
    "New York": ("United States", ("SoHo", "Williamsburg", "Harlem", "West Village")),
}

# city → (ISO 4217 currency, how many of it a US dollar buys, roughly): prices are local.
CURRENCIES: dict[str, tuple[str, int]] = {
    "Lisbon": ("EUR", 1),
    "Porto": ("EUR", 1),
    "Barcelona": ("EUR", 1),
    "Kyoto": ("JPY", 150),
    "Tokyo": ("JPY", 150),
    "Mexico City": ("MXN", 18),
    "Cape Town": ("ZAR", 18),
    "Reykjavik": ("ISK", 140),
    "New York": ("USD", 1),
}

# Who lists what, as a traveler would expect it: a host → the cities of its stays; an operator
# (named for what it runs) → the listing kinds it runs and, for trips, its modes of transport.
HOSTS: dict[str, tuple[str, ...]] = {
    "Casa Azul Guesthouse": ("Lisbon", "Porto", "Barcelona", "Mexico City"),
    "Harbour View Apartments": ("Lisbon", "Barcelona", "Cape Town", "Reykjavik", "New York"),
    "Old Town Boutique Stays": ("Lisbon", "Porto", "Barcelona", "Kyoto", "Reykjavik"),
    "Sakura Ryokan Group": ("Kyoto",),
    "Cape Coast Villas": ("Cape Town",),
}
OPERATORS: dict[str, tuple[str, ...]] = {
    "Streetwise Walking Tours": ("TOUR",),
    "Atlas Experiences": ("ACTIVITY",),
    "Encore Live Events": ("EVENT",),
    "Vela Airways": ("FLIGHT",),
    "Continental Rail": ("TRAIN",),
    "Greenline Coaches & Transfers": ("BUS", "CAR"),
    "Blue Horizon Ferries": ("FERRY",),
}

STAY_KINDS = ("Loft", "Studio", "Apartment", "Suite", "Townhouse", "Guest room", "Villa")
STAY_MOODS = ("Sunny", "Quiet", "Historic", "Modern", "Cosy", "Airy", "Artist's", "Rooftop")
STAY_AMENITIES = (
    "wifi",
    "kitchen",
    "air conditioning",
    "washer",
    "workspace",
    "balcony",
    "sea view",
    "parking",
    "pool",
    "breakfast",
    "pet friendly",
    "elevator",
)

TOUR_THEMES = (
    "food",
    "history",
    "street art",
    "sunset",
    "architecture",
    "markets",
    "night",
    "wine",
)
TOUR_AMENITIES = ("guide", "tastings", "hotel pickup", "photos", "drinks", "small group")

ACTIVITIES = (
    "Surf lesson",
    "Cooking class",
    "Sea kayaking",
    "Pottery workshop",
    "Sunrise yoga",
    "Bike rental day",
    "Photography walk",
    "Climbing session",
)
ACTIVITY_AMENITIES = ("equipment", "instructor", "snacks", "lockers", "showers", "certificate")

EVENTS = (
    "Jazz night",
    "Fado evening",
    "Food festival",
    "Film under the stars",
    "Indie rock concert",
    "Design week opening",
    "Chamber orchestra",
    "Comedy club",
)
EVENT_AMENITIES = ("seated", "standing", "bar", "accessible", "cloakroom", "food stalls")

# What a night of a stay kind, or a place on a tour theme, activity or event, costs, in US
# dollars (converted to the city's currency): a villa is dearer than a guest room, a food tour's
# tastings cost more than a walk, a day's bike rental less than a cooking class.
PRICES: dict[str, tuple[int, int]] = {
    "Guest room": (45, 110),
    "Studio": (60, 150),
    "Apartment": (80, 220),
    "Loft": (100, 260),
    "Suite": (120, 320),
    "Townhouse": (150, 380),
    "Villa": (250, 650),
    "food": (60, 130),
    "history": (20, 50),
    "street art": (20, 45),
    "sunset": (30, 75),
    "architecture": (20, 50),
    "markets": (25, 70),
    "night": (30, 70),
    "wine": (60, 140),
    "Surf lesson": (45, 100),
    "Cooking class": (55, 140),
    "Sea kayaking": (45, 110),
    "Pottery workshop": (45, 110),
    "Sunrise yoga": (15, 35),
    "Bike rental day": (15, 40),
    "Photography walk": (35, 90),
    "Climbing session": (25, 60),
    "Jazz night": (20, 60),
    "Fado evening": (30, 90),
    "Food festival": (10, 30),
    "Film under the stars": (10, 25),
    "Indie rock concert": (25, 70),
    "Design week opening": (15, 40),
    "Chamber orchestra": (35, 150),
    "Comedy club": (15, 40),
}

# Where a stay kind, tour theme, activity or event is found, when not in every city: surf and
# sea kayaking need the sea, fado is Portugal's, wine tours go where vineyards are near.
ONLY_IN: dict[str, tuple[str, ...]] = {
    "Villa": ("Barcelona", "Cape Town", "Mexico City"),
    "wine": ("Lisbon", "Porto", "Barcelona", "Cape Town"),
    "Surf lesson": ("Lisbon", "Porto", "Cape Town", "New York"),
    "Sea kayaking": ("Lisbon", "Barcelona", "Cape Town", "Reykjavik", "New York"),
    "Fado evening": ("Lisbon", "Porto"),
}

# (origin, destination, mode, hours, fare range per person in US dollars — converted to the
# origin's currency): what such a ticket costs, e.g. €25 to 45 for the train from Lisbon to
# Porto, ¥13,500 to 15,000 for the Shinkansen from Kyoto, €60 to 220 for a flight to Barcelona.
ROUTES = (
    ("Lisbon", "Porto", "TRAIN", 3, (25, 45)),
    ("Porto", "Lisbon", "BUS", 4, (10, 25)),
    ("Lisbon", "Barcelona", "FLIGHT", 2, (60, 220)),
    ("Barcelona", "Lisbon", "FLIGHT", 2, (60, 220)),
    ("Kyoto", "Tokyo", "TRAIN", 2, (90, 100)),
    ("Reykjavik", "Vík", "BUS", 3, (50, 80)),
    ("Cape Town", "Robben Island", "FERRY", 1, (25, 40)),
    ("New York", "Boston", "TRAIN", 4, (50, 190)),
    ("Mexico City", "Puebla", "BUS", 2, (15, 30)),
    ("Barcelona", "Palma", "FERRY", 7, (55, 130)),
    ("Lisbon", "Sintra", "CAR", 1, (25, 60)),
    ("New York", "Mexico City", "FLIGHT", 5, (180, 550)),
)
# mode → (how its description starts, seats, what it offers)
MODES: dict[str, tuple[str, int, tuple[str, ...]]] = {
    "FLIGHT": ("Nonstop flight", 180, ("luggage", "reserved seat", "snack bar", "lounge")),
    "TRAIN": ("Direct train", 300, ("wifi", "power outlets", "snack bar", "reserved seat")),
    "BUS": ("Direct coach", 50, ("wifi", "power outlets", "luggage", "reserved seat")),
    "FERRY": ("Ferry", 400, ("snack bar", "lounge", "luggage")),
    "CAR": ("Shared car transfer", 4, ("luggage", "wifi", "reserved seat")),
}
# Every amenity of a departure, whatever its mode (the demo draws from its mode's, above; the
# search benchmark, bench/search.py, from these).
TRIP_AMENITIES = ("wifi", "power outlets", "snack bar", "luggage", "reserved seat", "lounge")

# Where the neighbourhoods and the trips' origins are (WGS84 latitude, longitude; rounded
# public coordinates of each place's centre): the demo's listings stand near them.
COORDINATES: dict[str, tuple[float, float]] = {
    "Alfama": (38.7115, -9.1300),
    "Baixa": (38.7110, -9.1370),
    "Príncipe Real": (38.7170, -9.1490),
    "Belém": (38.6970, -9.2060),
    "Ribeira": (41.1405, -8.6130),
    "Cedofeita": (41.1530, -8.6200),
    "Foz do Douro": (41.1530, -8.6750),
    "El Born": (41.3850, 2.1830),
    "Gràcia": (41.4030, 2.1570),
    "Barceloneta": (41.3800, 2.1890),
    "Eixample": (41.3890, 2.1620),
    "Gion": (35.0037, 135.7750),
    "Higashiyama": (34.9960, 135.7800),
    "Arashiyama": (35.0094, 135.6668),
    "Roma Norte": (19.4180, -99.1610),
    "Condesa": (19.4110, -99.1740),
    "Coyoacán": (19.3500, -99.1620),
    "Bo-Kaap": (-33.9210, 18.4150),
    "Camps Bay": (-33.9510, 18.3770),
    "Woodstock": (-33.9260, 18.4470),
    "Miðborg": (64.1460, -21.9400),
    "Vesturbær": (64.1470, -21.9600),
    "SoHo": (40.7230, -74.0030),
    "Williamsburg": (40.7080, -73.9570),
    "Harlem": (40.8116, -73.9465),
    "West Village": (40.7358, -74.0036),
    "Lisbon": (38.7223, -9.1393),
    "Porto": (41.1579, -8.6291),
    "Barcelona": (41.3874, 2.1686),
    "Kyoto": (35.0116, 135.7681),
    "Reykjavik": (64.1466, -21.9426),
    "Cape Town": (-33.9249, 18.4241),
    "New York": (40.7128, -74.0060),
    "Mexico City": (19.4326, -99.1332),
}
