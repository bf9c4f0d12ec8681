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

HOSTS = (
    "Casa Azul Guesthouse",
    "Harbour View Apartments",
    "Alpine Lodge Collective",
    "Old Town Boutique Stays",
    "Sakura Ryokan Group",
    "Cape Coast Villas",
)
OPERATORS = (
    "Lisbon Walking Tours",
    "Atlas Adventures",
    "Riverside Arena",
    "Iberia Rail & Coach",
    "Northern Lights Expeditions",
    "Pacific Ferries",
)

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

# (origin, destination, mode, hours)
ROUTES = (
    ("Lisbon", "Porto", "TRAIN", 3),
    ("Porto", "Lisbon", "BUS", 4),
    ("Lisbon", "Barcelona", "FLIGHT", 2),
    ("Barcelona", "Lisbon", "FLIGHT", 2),
    ("Kyoto", "Tokyo", "TRAIN", 2),
    ("Reykjavik", "Vík", "BUS", 3),
    ("Cape Town", "Robben Island", "FERRY", 1),
    ("New York", "Boston", "TRAIN", 4),
    ("Mexico City", "Puebla", "BUS", 2),
    ("Barcelona", "Palma", "FERRY", 7),
    ("Lisbon", "Sintra", "CAR", 1),
    ("New York", "Mexico City", "FLIGHT", 5),
)
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
