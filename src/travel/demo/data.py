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
