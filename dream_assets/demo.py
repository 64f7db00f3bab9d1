"""``dream demo DIR``: a realistic agent volume, deterministic from a seed.

Every pass of the cycle needs something to chew on, so the volume plants, on purpose:
near-duplicate memories worded differently but sharing every name, date and number (the cluster
scan and the merge coverage check), exact and near-exact duplicates (the only merges a
deterministic consolidation may make on its own), high-value and archived entries of several ages
(the archive purge and its high-value floor), last_seen_at spread over ten months (decay), sparse,
overlapping and prefix-family skills (skill consolidation and optimization), per-session logs past
the 30-day age limit beside a persistent ``cli-session`` that only the line cap bounds,
single-file logs over the 50 000-line cap, a conversation log with recurring requests and
preference statements at each sentiment threshold, recent Corrections and poor ratings, and a few
malformed log lines (validation on read).

Only ``random.Random(seed)`` and the given ``now`` feed the output, so equal ``(seed, now)`` give
byte-identical files with identical mtimes.
"""

from __future__ import annotations

import bisect
import json
import os
import random
import shutil
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from dream_assets.core.atomic import atomic_write_text

# The marker says "this directory is a demo volume, safe to regenerate" and records what was
# planted (duplicate groups, malformed lines) so tests and benchmarks can score the cycle against
# it. The cycle itself never reads it.
DEMO_MARKER = ".dream-demo.json"

DAY = timedelta(days=1)


@dataclass(frozen=True)
class DemoSummary:
    """Counts measured while writing the volume.

    ``near_duplicate_groups`` counts reworded paraphrase groups plus exact/near-exact duplicate
    pairs; ``high_value`` counts live and archived entries at or above the pruning floor
    (importance >= 0.80 or reinforcement >= 5).
    """

    entries_live: int
    entries_archived: int
    near_duplicate_groups: int
    high_value: int
    skills: int
    session_files: int
    single_file_log_lines: int
    conversation_lines: int
    feedback_lines: int


# --- memory: what is planted -------------------------------------------------------------------


@dataclass
class _Fact:
    content: str
    category: str
    tags: list[str]
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Planted:
    fact: _Fact
    importance: float
    reinforcement: int
    created: datetime
    updated: datetime
    last_seen: datetime
    archived_at: datetime | None = None
    archive_reason: str | None = None
    merged_from: list[_Planted] = field(default_factory=list)
    id: str = ""


# Reworded paraphrases of one durable fact. Every member carries the same names, acronyms and
# numbers (a month-name date may be spelled numerically), so a merge keeping any member's
# wording passes the coverage check; metrics/cost is the exception the vocabulary exempts.
PARAPHRASE_GROUPS: list[tuple[str, list[str], list[str]]] = [
    (
        "people/caroline",
        ["move"],
        [
            "Caroline moved to Berlin in March 2021.",
            "In March 2021, Caroline relocated to Berlin.",
            "Caroline has lived in Berlin since March 2021.",
        ],
    ),
    (
        "people/melanie",
        ["family"],
        [
            "Melanie's daughter Ava was born on 2019-07-04.",
            "Ava, Melanie's daughter, was born on July 4, 2019.",
        ],
    ),
    (
        "people/jon",
        ["health", "food"],
        ["Jon is allergic to shellfish.", "Jon has a shellfish allergy."],
    ),
    (
        "projects/atlas",
        ["launch"],
        ["The Atlas launch is scheduled for 2026-08-19.", "Atlas goes live on August 19, 2026."],
    ),
    (
        "user-preferences/travel",
        ["travel", "airport"],
        [
            "The user's home airport is BER and they prefer morning departures.",
            "The user flies out of BER and likes morning departures.",
        ],
    ),
    (
        "work/meetings",
        ["meeting"],
        [
            "Weekly sync with Priya is every Tuesday at 09:30.",
            "Every Tuesday at 09:30 the user has a weekly sync with Priya.",
        ],
    ),
    (
        "people/tomasz",
        ["sport"],
        [
            "Tomasz ran the Warsaw Marathon in 3:42 in April 2025.",
            "In April 2025 Tomasz finished the Warsaw Marathon in 3:42.",
        ],
    ),
    (
        "people/aiko",
        ["pet"],
        ["Aiko's cat is called Mochi.", "Aiko has a cat named Mochi.", "Mochi is Aiko's cat."],
    ),
    (
        "projects/heron",
        ["infrastructure"],
        [
            "Heron's staging database is PostgreSQL 16 on AWS eu-central-1.",
            "The Heron staging environment uses PostgreSQL 16 in AWS eu-central-1.",
        ],
    ),
    (
        "metrics/cost",
        ["cost", "routing"],
        [
            "High-tier calls cost $0.042 on average over the last 14 days.",
            "Average high-tier call cost is about $0.047 over a 14-day window.",
        ],
    ),
    (
        "people/may",
        ["landlord", "contact"],
        [
            "May Chen is the user's landlord and prefers contact via email.",
            "The user's landlord, May Chen, prefers to be contacted by email.",
        ],
    ),
    (
        "work/briefing",
        ["briefing"],
        [
            "The Morning Briefing goes out at 07:00 on weekdays.",
            "On weekdays the Morning Briefing is sent at 07:00.",
        ],
    ),
    (
        "people/marcus",
        ["conference"],
        [
            "Marcus and the user met at KubeCon EU in Paris in 2024.",
            "The user met Marcus at KubeCon EU 2024 in Paris.",
        ],
    ),
    (
        "places/lisbon",
        ["food"],
        [
            "The user's favourite bakery in Lisbon is Manteigaria in Chiado.",
            "Manteigaria in Chiado is the user's favourite Lisbon bakery.",
        ],
    ),
    (
        "people/elena",
        ["wedding", "event"],
        [
            "Elena's wedding is on 12 September 2026 in Porto.",
            "Elena is getting married in Porto on September 12, 2026.",
        ],
    ),
    (
        "projects/kestrel",
        ["ci"],
        [
            "Kestrel's CI pipeline takes about 18 minutes per run.",
            "A Kestrel CI run takes roughly 18 minutes.",
        ],
    ),
    (
        "user-preferences/schedule",
        ["meetings"],
        [
            "The user does not take meetings before 10:00 on Mondays.",
            "No meetings before 10:00 on Mondays, per the user.",
        ],
    ),
    (
        "people/dev",
        ["climbing"],
        [
            "Dev is the user's climbing partner; they climb at Berta Block on Thursdays.",
            "The user climbs with Dev at Berta Block on Thursdays.",
        ],
    ),
    (
        "work/team",
        ["team"],
        [
            "The platform team has 7 engineers and is led by Sofia.",
            "Sofia leads the platform team of 7 engineers.",
        ],
    ),
    (
        "people/rafael",
        ["money"],
        [
            "Rafael lent the user 200 EUR in November 2025.",
            "In November 2025 the user borrowed 200 EUR from Rafael.",
        ],
    ),
    (
        "projects/orchard",
        ["api"],
        [
            "Orchard's API is rate limited to 600 requests per minute.",
            "The Orchard API allows 600 requests per minute.",
        ],
    ),
    (
        "finance/subscriptions",
        ["subscription"],
        [
            "The user's Spotify Family plan renews on the 3rd of each month for 17.99 EUR.",
            "Spotify Family (17.99 EUR) renews on the 3rd of every month.",
        ],
    ),
    (
        "health",
        ["dentist"],
        [
            "The user's dentist is Dr. Okafor at Zahnarztpraxis Mitte; next check-up in June 2026.",
            "Next dental check-up with Dr. Okafor at Zahnarztpraxis Mitte is in June 2026.",
        ],
    ),
    (
        "travel/trips",
        ["trip", "tokyo"],
        [
            "The user's Tokyo trip runs from 2026-04-03 to 2026-04-17.",
            "Trip to Tokyo: 2026-04-03 through 2026-04-17.",
        ],
    ),
    (
        "people/priya",
        ["food"],
        [
            "Priya is vegetarian and prefers Indian or Ethiopian restaurants.",
            "Priya eats vegetarian; Indian or Ethiopian places suit her best.",
        ],
    ),
    (
        "projects/quill",
        ["docs"],
        [
            "Quill's documentation site is built with MkDocs and hosted on Netlify.",
            "The Quill docs use MkDocs, hosted on Netlify.",
        ],
    ),
    (
        "home",
        ["network"],
        [
            "The Wi-Fi router is a FRITZ!Box 7590 in the hallway cupboard.",
            "The FRITZ!Box 7590 Wi-Fi router sits in the hallway cupboard.",
        ],
    ),
    (
        "work/tools",
        ["expenses"],
        [
            "Expense reports go through SAP Concur and are due by the 5th of each month.",
            "SAP Concur expense reports are due on the 5th of every month.",
        ],
    ),
    (
        "people/sofia",
        ["birthday"],
        ["Sofia's birthday is 22 February.", "Sofia celebrates her birthday on February 22."],
    ),
    (
        "anti-patterns/routing",
        ["routing", "email"],
        [
            "Routing long email threads to the low tier truncates summaries; "
            "use mid tier above 40 messages.",
            "Low-tier routing cuts off summaries of email threads longer than 40 messages, "
            "so send those to mid tier.",
        ],
    ),
    (
        "projects/tidewater",
        ["budget"],
        [
            "Tidewater's Q3 2026 budget is 48,000 EUR.",
            "Budget for Tidewater in Q3 2026: 48,000 EUR.",
        ],
    ),
    (
        "people/caroline",
        ["partner"],
        [
            "Caroline's partner is Jonas, a cellist with the Berlin Philharmonic.",
            "Jonas, Caroline's partner, plays cello for the Berlin Philharmonic.",
        ],
    ),
    (
        "places/berlin",
        ["gym"],
        [
            "The user's gym is Holmes Place at Potsdamer Platz, open until 23:00.",
            "Holmes Place at Potsdamer Platz is the user's gym and is open until 23:00.",
        ],
    ),
    (
        "people/jon",
        ["family", "school"],
        [
            "Jon's son Leo starts school in August 2026.",
            "Leo, Jon's son, begins school in August 2026.",
            "In August 2026 Jon's son Leo will start school.",
        ],
    ),
    (
        "projects/juniper",
        ["ci", "migration"],
        [
            "Juniper is migrating its CI from Jenkins to GitHub Actions by the end of Q2 2026.",
            "By the end of Q2 2026 Juniper moves its CI from Jenkins to GitHub Actions.",
        ],
    ),
    (
        "user-preferences/communication",
        ["reminders"],
        [
            "The user wants reminders sent via Signal, not email.",
            "Send reminders to the user over Signal rather than email.",
        ],
    ),
    (
        "metrics/cost",
        ["cost", "monthly"],
        ["LLM spend for October 2025 was $182.40.", "October 2025 total LLM spend: $182.40."],
    ),
    (
        "people/aiko",
        ["move", "career"],
        [
            "Aiko moved from Osaka to Toronto in 2023 for a job at Shopify.",
            "In 2023 Aiko relocated from Osaka to Toronto to work at Shopify.",
        ],
    ),
    (
        "work/travel-policy",
        ["travel", "policy"],
        [
            "The company travel policy allows business class only on flights over 6 hours.",
            "Business class is allowed by the company travel policy for flights over 6 hours.",
        ],
    ),
    (
        "people/melanie",
        ["business"],
        [
            "Melanie runs a pottery studio called Kiln & Co in Neukölln.",
            "Kiln & Co, Melanie's pottery studio, is in Neukölln.",
        ],
    ),
    (
        "projects/lighthouse",
        ["release"],
        [
            "Lighthouse v2.4 shipped on 2026-01-20 with the new export feature.",
            "The new export feature shipped in Lighthouse v2.4 on 2026-01-20.",
        ],
    ),
]

# Subject-time metadata for paraphrase members, keyed by (group index, member index). Precision
# differs on purpose inside a group so the merge keeps the most specific point.
GROUP_SUBJECT_TIME: dict[tuple[int, int], dict[str, str]] = {
    (0, 0): {"subject_point": "2021-03"},
    (0, 1): {"subject_point": "2021-03-14"},
    (1, 0): {"subject_point": "2019-07-04"},
    (6, 1): {"subject_point": "2025-04"},
    (14, 0): {"subject_point": "2026-09-12"},
    (23, 0): {"subject_start": "2026-04-03", "subject_end": "2026-04-17"},
    (23, 1): {"subject_start": "2026-04-03", "subject_end": "2026-04-17"},
    (33, 2): {"subject_point": "2026-08"},
}

# The same sentence twice, or differing only in punctuation, case or one filler word. Long enough
# that a one-word difference still leaves token overlap above the 0.88 similarity threshold.
EXACT_PAIRS: list[tuple[str, list[str], str, str]] = [
    (
        "home",
        ["keys"],
        "The user keeps the spare house key with the neighbour on the second floor, Mrs. Albers.",
        "The user keeps the spare house key with the neighbour on the second floor, Mrs Albers.",
    ),
    (
        "home",
        ["chores"],
        "The recycling bins are collected every second Wednesday, so put them out the evening "
        "before.",
        "The recycling bins are collected every second Wednesday, so put them out the evening "
        "before.",
    ),
    (
        "user-preferences/scheduling",
        ["timezone"],
        "Always double-check the time zone of invites from colleagues who travel a lot.",
        "always double-check the time zone of invites from colleagues who travel a lot.",
    ),
    (
        "travel/documents",
        ["passport"],
        "The user's passport expires on 2027-05-14, so renew it at least three months before "
        "a trip.",
        "The user's passport actually expires on 2027-05-14, so renew it at least three months "
        "before a trip.",
    ),
    (
        "people/priya",
        ["meetings"],
        "Priya prefers written agendas shared at least one day before any meeting she attends.",
        "Priya prefers written agendas shared at least one day before any meeting she attends!",
    ),
    (
        "work/office",
        ["network"],
        "The office Wi-Fi network is called Orbit-5G and the password is rotated every quarter.",
        "The office Wi-Fi network is called Orbit-5G, and the password is rotated every quarter.",
    ),
    (
        "people/marcus",
        ["expertise"],
        "Marcus is the best person to ask about Kubernetes networking and service mesh questions.",
        "Marcus is the best person to ask about Kubernetes networking and service mesh questions.",
    ),
    (
        "work/offsite",
        ["offsite"],
        "The team offsite in Lisbon is planned for the week of 2026-06-08 with 14 attendees.",
        "The team offsite in Lisbon is currently planned for the week of 2026-06-08 with 14 "
        "attendees.",
    ),
    (
        "home",
        ["plants"],
        "Water the balcony plants every two days in summer and once a week in winter.",
        "water the balcony plants every two days in summer and once a week in winter.",
    ),
    (
        "people/elena",
        ["travel"],
        "Elena's flight to Porto lands at 18:45 on Friday and she needs a pickup from the airport.",
        "Elena's flight to Porto lands at 18:45 on Friday and she really needs a pickup from the "
        "airport.",
    ),
]

# Topically similar entries about distinct real-world moments: a good consolidation keeps both.
DISTINCT_MOMENTS: list[tuple[str, list[str], tuple[str, str], tuple[str, str]]] = [
    (
        "travel/trips",
        ["trip", "lisbon"],
        ("The user visited Lisbon with Caroline in May 2024.", "2024-05"),
        ("The user visited Lisbon with Caroline in October 2025.", "2025-10"),
    ),
    (
        "people/jon",
        ["offsite"],
        ("Jon's team offsite in Vienna was on 2025-03-12.", "2025-03-12"),
        ("Jon's team offsite in Vienna was on 2025-11-05.", "2025-11-05"),
    ),
    (
        "health",
        ["illness"],
        ("The user had the flu in January 2025 and missed 4 days of work.", "2025-01"),
        ("The user had the flu in December 2025 and missed 3 days of work.", "2025-12"),
    ),
    (
        "work/incidents",
        ["incident", "atlas"],
        ("The Atlas payment webhook failed for 2 hours on 2025-09-14.", "2025-09-14"),
        ("The Atlas payment webhook failed for 5 hours on 2026-02-02.", "2026-02-02"),
    ),
    (
        "projects/heron",
        ["demo"],
        ("Heron was demoed to the board on 2025-06-30.", "2025-06-30"),
        ("Heron was demoed to the board on 2026-01-15.", "2026-01-15"),
    ),
]

# Past merges: the live merged entry and the sources it archived, with how long ago it happened
# and the sources' reinforcement. Merges older than the 90-day retention carrying a reinforcement
# of 214 or 106 are what the high-value floor must keep past the purge.
MERGE_HISTORY: list[tuple[str, list[str], str, list[str], int, list[int]]] = [
    (
        "people/jon",
        ["family"],
        "Jon's daughter Mia was born on 2019-07-04 and loves dinosaurs.",
        ["Jon's daughter is Mia, born 2019-07-04.", "Mia, Jon's daughter, loves dinosaurs."],
        124,
        [214, 3],
    ),
    (
        "people/caroline",
        ["work"],
        "Caroline works as a product designer at Zalando and mentors two juniors.",
        ["Caroline is a product designer at Zalando.", "Caroline mentors two juniors at work."],
        97,
        [106, 2],
    ),
    (
        "home",
        ["desk"],
        "The user's standing desk is set to 72 cm sitting and 112 cm standing.",
        ["Standing desk sitting height: 72 cm.", "Standing desk standing height: 112 cm."],
        93,
        [2, 1],
    ),
    (
        "projects/atlas",
        ["infrastructure"],
        "Project Atlas uses PostgreSQL 15 for storage and Redis for caching.",
        ["Atlas stores its data in PostgreSQL 15.", "Atlas uses Redis as its cache."],
        89,
        [4, 2],
    ),
    (
        "people/tomasz",
        ["family"],
        "Tomasz is the user's cousin and lives in Kraków with his wife Ola.",
        ["Tomasz is the user's cousin.", "Tomasz lives in Kraków with his wife Ola."],
        41,
        [6, 2],
    ),
    (
        "people/marcus",
        ["books"],
        "Marcus recommended both Thinking in Systems and Deep Work.",
        ["Marcus recommended Thinking in Systems.", "Marcus recommended Deep Work."],
        9,
        [1, 1],
    ),
]

# Ephemeral entries archived by earlier cycles: (content template, category, days ago archived,
# reinforcement). "{date}" is a day shortly before the archive. The reinforcement-80 entry is the
# seed's cautionary tale: an entry re-observed dozens of times must outlive the purge.
EPHEMERAL_HISTORY: list[tuple[str, str, int, int]] = [
    ("The user asked for tomorrow's weather in Hamburg on {date}.", "general", 210, 1),
    ("Reminder: pick up the dry cleaning on {date}.", "reminders", 180, 1),
    ("The user looked for a pharmacy open on Sunday {date}.", "general", 150, 1),
    ("The user checks the U2 line status every weekday before 08:15.", "routines", 150, 80),
    ("The Atlas staging server was down for maintenance on {date}.", "projects/atlas", 131, 2),
    ("The user wanted a table for four at Lokal on {date}.", "general", 112, 1),
    ("The parcel from Zalando was due to arrive on {date}.", "general", 91, 1),
    ("The user asked for a taxi to BER on {date}.", "general", 89, 1),
    ("The plumber was booked for {date} between 08:00 and 12:00.", "home", 60, 1),
    ("The user asked how long to boil an egg on {date}.", "general", 33, 1),
    ("The Heron nightly build was red on {date}.", "projects/heron", 20, 2),
    ("The user asked for the Champions League score on {date}.", "general", 12, 1),
    ("Reminder: call the bank about the card limit on {date}.", "reminders", 4, 1),
    ("The user wanted a summary of the Quill standup on {date}.", "projects/quill", 1, 1),
]

PEOPLE = [
    "Caroline",
    "Melanie",
    "Jon",
    "Priya",
    "Tomasz",
    "Aiko",
    "Marcus",
    "Elena",
    "Dev",
    "Sofia",
    "May",
    "Rafael",
]

POOLS: dict[str, list[str]] = {
    "job": [
        "product designer",
        "data engineer",
        "paediatric nurse",
        "civil engineer",
        "UX researcher",
        "sommelier",
        "high-school teacher",
        "patent attorney",
        "site reliability engineer",
        "architect",
        "journalist",
        "physiotherapist",
    ],
    "company": [
        "Siemens",
        "Spotify",
        "Deutsche Bahn",
        "Figma",
        "Bosch",
        "Klarna",
        "Adyen",
        "N26",
        "SAP",
        "Miro",
        "Celonis",
        "Delivery Hero",
    ],
    "month": [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ],
    "pet": ["dog", "cat", "rabbit", "parrot", "tortoise"],
    "petname": ["Rex", "Biscuit", "Luna", "Pepper", "Otto", "Juno", "Ziggy", "Nala", "Fennel"],
    "allergen": ["peanuts", "gluten", "sesame", "kiwi", "lactose"],
    "language": ["Japanese", "Portuguese", "Italian", "Korean", "Spanish", "Dutch", "Polish"],
    "weekday": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    "book": [
        "Deep Work",
        "The Overstory",
        "Atomic Habits",
        "Four Thousand Weeks",
        "Project Hail Mary",
        "The Mom Test",
        "Piranesi",
        "Klara and the Sun",
    ],
    "city": [
        "Berlin",
        "Lisbon",
        "Munich",
        "Hamburg",
        "Vienna",
        "Zurich",
        "Amsterdam",
        "Copenhagen",
        "Warsaw",
        "Porto",
        "Barcelona",
        "Prague",
        "Tokyo",
        "Toronto",
    ],
    "sport": ["tennis", "padel", "football", "volleyball", "badminton", "squash"],
    "title": [
        "Senior Engineer",
        "Head of Design",
        "Staff Engineer",
        "Engineering Manager",
        "Principal Consultant",
        "Team Lead",
    ],
    "kid": ["Noah", "Emma", "Lina", "Felix", "Hana", "Oskar", "Mila", "Theo", "Ida", "Ben"],
    "car": ["Volkswagen ID.3", "Tesla Model 3", "Skoda Octavia", "Toyota Yaris", "Volvo XC40"],
    "place": [
        "the Hauptbahnhof",
        "BER airport",
        "the climbing gym",
        "the office",
        "IKEA Lichtenberg",
    ],
    "channel": ["Signal", "WhatsApp", "Telegram", "a phone call", "Slack"],
    "event": ["concert", "theatre", "football", "opera", "festival"],
    "university": [
        "TU Munich",
        "University of Porto",
        "ETH Zurich",
        "Humboldt University",
        "University of Warsaw",
        "Kyoto University",
    ],
    "team": ["Hertha BSC", "FC St. Pauli", "Union Berlin", "Benfica", "Ajax"],
    "relation": [
        "sister",
        "college roommate",
        "former manager",
        "neighbour",
        "cousin",
        "climbing partner",
        "mentor",
        "colleague",
    ],
    "cuisine": ["Georgian", "Vietnamese", "Lebanese", "Ethiopian", "Sichuan", "Peruvian"],
    "restaurant": ["Lokal", "Cookies Cream", "Mrs Robinson's", "Katz Orange", "Tisk", "Ora"],
    "tz": ["Europe/Berlin", "Europe/Lisbon", "Asia/Tokyo", "America/Toronto", "Europe/Warsaw"],
}

# (template, tags, subject-time kind). Placeholders draw from POOLS; {p} is the person.
PERSON_TEMPLATES: list[tuple[str, list[str], str]] = [
    ("{p} works as a {job} at {company}.", ["work"], ""),
    ("{p}'s birthday is on {month} {day}.", ["birthday"], ""),
    ("{p} has a {pet} named {petname}.", ["pet"], ""),
    ("{p} is allergic to {allergen}, so avoid restaurants that rely on it.", ["health"], ""),
    ("{p} started learning {language} in {year} and practises on {weekday} evenings.", [], ""),
    ('{p} recommended the book "{book}" and said it changed how they plan.', ["books"], ""),
    ("{p} usually joins calls from {city} and is free after {hour}:00 local time.", [], ""),
    ("{p} plays {sport} every {weekday} morning.", ["sport"], ""),
    ("{p} was promoted to {title} at {company} in {month} {year}.", ["career"], "month"),
    ("{p} visited {city} for {n} days in {month} {year}.", ["travel"], "span"),
    ("{p}'s children are called {kid} and {kid2}.", ["family"], ""),
    ("{p} drives a {car} and offered the user a lift to {place}.", ["car"], ""),
    ("{p} prefers to be contacted by {channel} rather than email.", ["contact"], ""),
    ("{p} owes the user {amount} EUR for the {event} tickets.", ["money"], ""),
    ("{p} graduated from {university} in {year}.", ["education"], ""),
    ("{p} supports {team} and watches every home game.", ["sport"], ""),
    ("{p} is the user's {relation}.", ["relationship"], ""),
    ("{p} is running the {city} half marathon on {month} {day}, {year}.", ["event"], "day"),
    ("{p} loves {cuisine} food and knows the best places for it.", ["food"], ""),
    ("{p} recommended {restaurant} in {city} for a team dinner.", ["food"], ""),
    ("{p}'s home timezone is {tz}.", ["timezone"], ""),
    ('{p} lent the user a copy of "{book}" in {month} {year}.', ["books"], "month"),
]

PROJECTS = ["Atlas", "Heron", "Lighthouse", "Kestrel", "Orchard", "Quill", "Tidewater", "Juniper"]

PROJECT_TEMPLATES: list[tuple[str, list[str]]] = [
    ("Project {x} uses {db} as its primary datastore.", ["infrastructure"]),
    ("The {x} repository lives at github.com/northwind/{slug}.", ["repository"]),
    ("{x} release {major}.{minor} shipped on {date}.", ["release"]),
    ("The {x} standup is at {hour}:{mm} on weekdays.", ["meeting"]),
    ("The {x} production environment runs on {cloud} in {region}.", ["infrastructure"]),
    ("{p} is the tech lead on {x}.", ["people"]),
    ("{x} has a hard deadline of {month} {day}, {year}.", ["deadline"]),
    ("The {x} on-call rotation hands over every {weekday} at 10:00.", ["on-call"]),
    ("{x} uses {vendor} for feature flags.", ["tooling"]),
    ("The main {x} dashboard lives in {dash}.", ["observability"]),
    ("{x} error budget for this quarter is {n} minutes of downtime.", ["slo"]),
    ("{x} customer feedback is collected in the #{slug}-feedback Slack channel.", ["feedback"]),
    ("{x} needs sign-off from {p} before any schema migration.", ["process"]),
    ("{x} has {n} open P1 bugs in Linear as of the last review.", ["bugs"]),
]

PROJECT_POOLS: dict[str, list[str]] = {
    "db": ["PostgreSQL", "DynamoDB", "SQLite", "ClickHouse", "MongoDB", "CockroachDB"],
    "cloud": ["AWS", "GCP", "Azure", "Hetzner"],
    "region": ["eu-central-1", "europe-west3", "westeurope", "fsn1"],
    "vendor": ["LaunchDarkly", "Unleash", "Flagsmith", "ConfigCat"],
    "dash": ["Grafana", "Datadog", "Honeycomb", "Metabase"],
}

PLACE_TEMPLATES: list[tuple[str, list[str]]] = [
    ("The user's favourite café in {city} is {cafe} on {street}.", ["coffee"]),
    ("In {city}, the user likes to stay at {hotel} near {street}.", ["hotel"]),
    ("The user's usual running route in {city} is {n} km along {street}.", ["running"]),
]

PLACE_POOLS: dict[str, list[str]] = {
    "cafe": ["Bonanza", "The Barn", "Fabrica", "Kaffeeklappe", "Café Central", "Coffee Collective"],
    "hotel": ["Hotel Amano", "Motel One", "25hours", "the Hoxton", "Zoku", "Casa Amora"],
    "street": [
        "Oderberger Strasse",
        "Rua Augusta",
        "the canal",
        "Ringstrasse",
        "the river Elbe",
        "Nyhavn",
        "Prinsengracht",
        "Ribeira",
    ],
}

# Hand-written singletons for categories that templates would make monotonous.
LITERAL_FACTS: list[tuple[str, str, list[str]]] = [
    ("The user prefers 24-hour time in all schedules.", "user-preferences/formatting", ["time"]),
    ("The user likes aisle seats on flights longer than 3 hours.", "user-preferences/travel", []),
    (
        "The user prefers trains over flights for trips under 5 hours.",
        "user-preferences/travel",
        [],
    ),
    ("The user reads email in two batches, at 09:00 and 16:00.", "user-preferences/schedule", []),
    ("The user wants calendar invites to include a video link.", "user-preferences/meetings", []),
    ("The user dislikes being scheduled for back-to-back calls.", "user-preferences/meetings", []),
    ("The user drinks oat milk flat whites.", "user-preferences/food", ["coffee"]),
    ("The user is learning Portuguese on Duolingo.", "user-preferences/learning", []),
    (
        "The user's preferred language for documents is British English.",
        "user-preferences/writing",
        [],
    ),
    (
        "The user wants code samples in Python unless told otherwise.",
        "user-preferences/writing",
        [],
    ),
    ("The user banks with GLS Bank and uses YNAB for budgeting.", "finance", ["banking"]),
    ("Rent of 1,450 EUR is paid on the 1st of each month.", "finance", ["rent"]),
    ("The user's tax advisor is Steuerbüro Krause in Friedrichshain.", "finance", ["tax"]),
    ("The annual tax return is due by 31 July.", "finance", ["tax", "deadline"]),
    ("The user's health insurance is Techniker Krankenkasse.", "health", ["insurance"]),
    ("The user goes to physiotherapy on Wednesdays for a knee injury.", "health", ["knee"]),
    ("The user takes vitamin D from October to March.", "health", []),
    ("The heating is controlled by a tado thermostat set to 20 degrees.", "home", ["heating"]),
    ("The building's caretaker is Herr Yilmaz, reachable via the house app.", "home", []),
    ("The user's bike is a Brompton folded in the hallway.", "home", ["bike"]),
    ("Quarterly planning starts in the second week of each quarter.", "work/planning", []),
    ("The user's manager is Sofia, who prefers async updates.", "work/team", ["manager"]),
    ("Performance reviews happen in March and September.", "work/reviews", []),
    ("The company uses Linear for issues and Notion for docs.", "work/tools", []),
    ("Deploys are frozen from 20 December to 6 January.", "work/process", ["deploy"]),
    ("On-call compensation is claimed in Personio each month.", "work/process", []),
    ("The user works from the office on Tuesdays and Thursdays.", "work/schedule", []),
    ("The user blocks Friday afternoons for deep work.", "work/schedule", []),
    ("Architecture decisions are recorded as ADRs in the docs repository.", "work/process", []),
    ("The staff meeting is on the first Monday of every month.", "work/meetings", []),
    (
        "Sending calendar-heavy requests to the low tier produced wrong time zones; "
        "use mid tier when more than 3 invites are involved.",
        "anti-patterns/routing",
        ["calendar"],
    ),
    (
        "Code review requests routed to the low tier missed security issues; "
        "always route code review to the high tier.",
        "anti-patterns/routing",
        ["code-review"],
    ),
    (
        "Translation of legal text on the low tier dropped negations; use high tier.",
        "anti-patterns/routing",
        ["translation"],
    ),
    (
        "Routing paper summaries to the mid tier is enough; high tier added cost without "
        "better recall.",
        "anti-patterns/routing",
        ["papers"],
    ),
    (
        "Do not retry a failed web search more than twice; the third attempt never helped.",
        "anti-patterns/tools",
        ["web"],
    ),
    (
        "Searching only the Inbox folder misses mail filed under Updates.",
        "anti-patterns/email",
        ["email"],
    ),
]


def _pick(rng: random.Random, pools: dict[str, list[str]], name: str) -> str:
    return rng.choice(pools[name])


def _person_facts(rng: random.Random) -> list[_Fact]:
    facts: list[_Fact] = []
    for person in PEOPLE:
        templates = rng.sample(PERSON_TEMPLATES, 18)
        for template, tags, subject_kind in templates:
            year = rng.randint(2012, 2025)
            month_index = rng.randrange(12)
            day = rng.randint(1, 28)
            kid, kid2 = rng.sample(POOLS["kid"], 2)
            n = rng.randint(3, 12)
            values = {name: _pick(rng, POOLS, name) for name in POOLS}
            values.update(
                p=person,
                month=POOLS["month"][month_index],
                day=str(day),
                year=str(year),
                hour=str(rng.randint(8, 18)),
                kid=kid,
                kid2=kid2,
                n=str(n),
                amount=str(rng.randint(15, 180)),
            )
            metadata: dict[str, Any] = {}
            if subject_kind == "month":
                metadata["subject_point"] = f"{year:04d}-{month_index + 1:02d}"
            elif subject_kind == "day":
                metadata["subject_point"] = f"{year:04d}-{month_index + 1:02d}-{day:02d}"
            elif subject_kind == "span":
                start = datetime(year, month_index + 1, day)
                metadata["subject_start"] = start.date().isoformat()
                metadata["subject_end"] = (start + n * DAY).date().isoformat()
            facts.append(
                _Fact(template.format(**values), f"people/{person.lower()}", list(tags), metadata)
            )
    return facts


def _project_facts(rng: random.Random) -> list[_Fact]:
    facts: list[_Fact] = []
    for project in PROJECTS:
        for template, tags in rng.sample(PROJECT_TEMPLATES, 12):
            values = {name: _pick(rng, PROJECT_POOLS, name) for name in PROJECT_POOLS}
            year = rng.randint(2024, 2026)
            month_index = rng.randrange(12)
            day = rng.randint(1, 28)
            values.update(
                x=project,
                slug=project.lower(),
                major=str(rng.randint(1, 4)),
                minor=str(rng.randint(0, 12)),
                date=f"{year:04d}-{month_index + 1:02d}-{day:02d}",
                hour=str(rng.randint(9, 11)),
                mm=rng.choice(["00", "15", "30", "45"]),
                p=rng.choice(PEOPLE),
                month=POOLS["month"][month_index],
                day=str(day),
                year=str(year),
                weekday=rng.choice(POOLS["weekday"]),
                n=str(rng.randint(2, 45)),
            )
            facts.append(
                _Fact(template.format(**values), f"projects/{project.lower()}", list(tags))
            )
    return facts


def _place_facts(rng: random.Random) -> list[_Fact]:
    facts: list[_Fact] = []
    for city in POOLS["city"]:
        for template, tags in PLACE_TEMPLATES:
            values = {name: _pick(rng, PLACE_POOLS, name) for name in PLACE_POOLS}
            values.update(city=city, n=str(rng.randint(4, 15)))
            facts.append(_Fact(template.format(**values), f"places/{city.lower()}", list(tags)))
    return facts


def _cost_facts(rng: random.Random, now: datetime) -> list[_Fact]:
    # Figures the agent recomputes every cycle: their numbers are disposable, which is why the
    # vocabulary file exempts metrics/cost from the numeric half of the coverage check.
    facts: list[_Fact] = []
    for week in range(1, 9):
        day = (now - week * 7 * DAY).date().isoformat()
        cost = rng.uniform(0.03, 0.06)
        facts.append(
            _Fact(
                f"Average high-tier call cost over the 14 days to {day} was ${cost:.3f}.",
                "metrics/cost",
                ["cost", "routing"],
            )
        )
    for months_back in range(1, 7):
        year, month_index = divmod(now.year * 12 + now.month - 1 - months_back, 12)
        spend = rng.uniform(90, 260)
        facts.append(
            _Fact(
                f"Total LLM spend in {POOLS['month'][month_index]} {year} was ${spend:.2f} across "
                f"{rng.randint(2000, 9000)} calls.",
                "metrics/cost",
                ["cost", "monthly"],
            )
        )
    return facts


def _importance(rng: random.Random) -> float:
    if rng.random() < 0.08:
        return round(rng.uniform(0.80, 0.95), 2)
    return round(rng.uniform(0.12, 0.78), 2)


def _reinforcement(rng: random.Random) -> int:
    roll = rng.random()
    if roll < 0.50:
        return 1
    if roll < 0.88:
        return rng.randint(2, 4)
    if roll < 0.98:
        return rng.randint(5, 24)
    return rng.randint(30, 60)


def _seconds(rng: random.Random, low: timedelta, high: timedelta) -> timedelta:
    return timedelta(seconds=rng.randint(int(low.total_seconds()), int(high.total_seconds())))


def _live(rng: random.Random, now: datetime, fact: _Fact) -> _Planted:
    # last_seen_at spread over ten months so decay (grace 30 days) has work on most entries.
    last_seen = now - _seconds(rng, timedelta(minutes=5), 300 * DAY)
    reinforcement = _reinforcement(rng)
    if reinforcement > 1:
        created = last_seen - _seconds(rng, DAY, 150 * DAY)
    else:
        created = last_seen - _seconds(rng, timedelta(0), timedelta(hours=2))
    updated = min(now, last_seen + _seconds(rng, timedelta(0), 3 * DAY))
    return _Planted(fact, _importance(rng), reinforcement, created, updated, last_seen)


def _archived(
    rng: random.Random,
    archived_at: datetime,
    fact: _Fact,
    reinforcement: int,
    reason: str,
) -> _Planted:
    last_seen = archived_at - _seconds(rng, timedelta(hours=1), 30 * DAY)
    created = last_seen - _seconds(rng, timedelta(0), 200 * DAY if reinforcement > 1 else DAY)
    # Importance is frozen at archive time; a heavily reinforced entry was important.
    importance = round(rng.uniform(0.55, 0.9), 2) if reinforcement >= 5 else _importance(rng)
    planted = _Planted(fact, importance, reinforcement, created, archived_at, last_seen)
    planted.archived_at = archived_at
    planted.archive_reason = reason
    return planted


@dataclass
class _Memory:
    entries: list[_Planted]
    paraphrase_groups: list[list[_Planted]]
    exact_pairs: list[list[_Planted]]
    distinct_moments: list[list[_Planted]]


def _plant_memory(rng: random.Random, now: datetime) -> _Memory:
    entries: list[_Planted] = []
    singles = (
        _person_facts(rng)
        + _project_facts(rng)
        + _place_facts(rng)
        + [_Fact(text, category, list(tags)) for text, category, tags in LITERAL_FACTS]
        + _cost_facts(rng, now)
    )
    entries.extend(_live(rng, now, fact) for fact in singles)

    paraphrase_groups: list[list[_Planted]] = []
    for group_index, (category, tags, texts) in enumerate(PARAPHRASE_GROUPS):
        group = []
        for member_index, text in enumerate(texts):
            metadata = dict(GROUP_SUBJECT_TIME.get((group_index, member_index), {}))
            group.append(_live(rng, now, _Fact(text, category, list(tags), metadata)))
        paraphrase_groups.append(group)
        entries.extend(group)

    exact_pairs: list[list[_Planted]] = []
    for category, tags, first, second in EXACT_PAIRS:
        pair = [_live(rng, now, _Fact(text, category, list(tags))) for text in (first, second)]
        exact_pairs.append(pair)
        entries.extend(pair)

    distinct_moments: list[list[_Planted]] = []
    for category, tags, *moments in DISTINCT_MOMENTS:
        pair = [
            _live(rng, now, _Fact(text, category, list(tags), {"subject_point": point}))
            for text, point in moments
        ]
        distinct_moments.append(pair)
        entries.extend(pair)

    for category, tags, merged_text, source_texts, days_ago, source_counts in MERGE_HISTORY:
        merged_at = now - days_ago * DAY - _seconds(rng, timedelta(0), timedelta(hours=6))
        sources = [
            _archived(rng, merged_at, _Fact(text, category, list(tags)), count, "merged")
            for text, count in zip(source_texts, source_counts, strict=True)
        ]
        # The host's merge arithmetic: first-seen kept, last-seen never reset, counts summed.
        merged = _Planted(
            _Fact(merged_text, category, list(tags), {"merged_at": _iso(merged_at)}),
            max(source.importance for source in sources),
            sum(source.reinforcement for source in sources),
            min(source.created for source in sources),
            merged_at,
            max(source.last_seen for source in sources),
            merged_from=sources,
        )
        entries.extend(sources)
        entries.append(merged)

    for template, category, days_ago, reinforcement in EPHEMERAL_HISTORY:
        archived_at = now - days_ago * DAY - _seconds(rng, timedelta(0), timedelta(hours=6))
        day = (archived_at - _seconds(rng, DAY, 5 * DAY)).date().isoformat()
        fact = _Fact(template.format(date=day), category, ["ephemeral"])
        entries.append(_archived(rng, archived_at, fact, reinforcement, "ephemeral"))

    # Ids follow save order, as a store assigning them on save would; a merged entry is saved
    # when the merge happens even though it inherits its sources' first-seen time.
    entries.sort(
        key=lambda p: (p.updated if p.merged_from else p.created, p.fact.content),
    )
    for number, planted in enumerate(entries, start=1):
        planted.id = f"m-{number:05d}"
    return _Memory(entries, paraphrase_groups, exact_pairs, distinct_moments)


def _iso(moment: datetime) -> str:
    # Every moment is ``now`` (UTC, whole seconds) shifted by whole seconds, so isoformat
    # already gives the volume's "+00:00" second-precision form.
    return moment.isoformat()


def _entry_json(planted: _Planted) -> dict[str, Any]:
    metadata = dict(planted.fact.metadata)
    if planted.merged_from:
        metadata["merged_from"] = [source.id for source in planted.merged_from]
    return {
        "id": planted.id,
        "content": planted.fact.content,
        "category": planted.fact.category,
        "tags": planted.fact.tags,
        "importance": planted.importance,
        "reinforcement_count": planted.reinforcement,
        "created_at": _iso(planted.created),
        "updated_at": _iso(planted.updated),
        "last_seen_at": _iso(planted.last_seen),
        "metadata": metadata,
        "archived_at": _iso(planted.archived_at) if planted.archived_at else None,
        "archive_reason": planted.archive_reason,
    }


def _is_high_value(planted: _Planted) -> bool:
    return planted.importance >= 0.80 or planted.reinforcement >= 5


# --- skills ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Skill:
    name: str
    summary: str
    body: str
    created_days_ago: int
    see_also: tuple[str, ...]
    tools: tuple[str, ...]
    resources: tuple[str, ...]
    usage_weight: int


SKILLS: list[_Skill] = [
    _Skill(
        "mcp/email",
        "Search, read and draft email through the email MCP server",
        "# Email via MCP\n\n"
        "Use the `email` MCP server to search, read and draft messages.\n\n"
        "## Steps\n"
        "1. Search with `email.search` using Gmail-style queries (`is:unread newer_than:1d`).\n"
        "2. Read each hit with `email.read`; skip newsletters (List-Unsubscribe header).\n"
        "3. For summaries, group by sender and lead with anything that needs a reply.\n"
        "4. Draft replies with `email.draft`; never send without the user's confirmation.\n\n"
        "## Edge cases\n"
        "- Attachments over 10 MB are listed, not downloaded.\n"
        "- Threads longer than 40 messages go to the mid tier.\n",
        160,
        ("mcp/calendar", "morning-briefing"),
        ("email.search", "email.read", "email.draft", "email.send"),
        ("references/gmail-query-syntax.md", "templates/reply.md", "scripts/thread_digest.py"),
        30,
    ),
    _Skill(
        "mcp/calendar",
        "List, create and move calendar events through the calendar MCP server",
        "# Calendar via MCP\n\n"
        "## Steps\n"
        "1. List events with `calendar.list_events` for the requested range.\n"
        "2. Create events with `calendar.create_event`; always pass an IANA time zone.\n"
        "3. Before moving an event, check the other attendees' free/busy.\n\n"
        "## Edge cases\n"
        "- All-day events have no time zone; do not convert them.\n"
        "- Recurring events: change one occurrence unless told to change the series.\n",
        150,
        ("mcp/email",),
        ("calendar.list_events", "calendar.create_event", "calendar.update_event"),
        ("references/rrule-cheatsheet.md", "scripts/freebusy.py"),
        20,
    ),
    _Skill(
        "mcp/weather",
        "Get a weather forecast through the weather MCP server",
        "# Weather via MCP\n\nCall `weather.forecast` with a city name and return the forecast.\n",
        40,
        (),
        ("weather.forecast", "geo.lookup"),
        ("references/weather-codes.md",),
        12,
    ),
    _Skill(
        "research/web",
        "Research a question on the web and answer with cited sources",
        "# Web research\n\n"
        "## Steps\n"
        "1. Run two or three `web.search` queries with different phrasings.\n"
        "2. Open the most relevant results with `web.fetch`; prefer primary sources.\n"
        "3. Answer in a few sentences and cite every claim with its URL.\n\n"
        "## Edge cases\n"
        "- Prices and schedules change daily: say when the data was fetched.\n"
        "- Paywalled pages: use the abstract or another source, never guess.\n",
        120,
        ("research/papers",),
        ("web.search", "web.fetch"),
        ("references/search-operators.md", "templates/citation.md"),
        18,
    ),
    _Skill(
        "research/papers",
        "Find and summarise recent academic papers on a topic",
        "# Paper search\n\n"
        "## Steps\n"
        "1. Query `papers.search` (arXiv and Semantic Scholar) with the topic and a year filter.\n"
        "2. Keep the ten most cited or most recent, as the user asked.\n"
        "3. Summarise each in two lines: contribution, and how it was evaluated.\n"
        "4. Save the list with `files.write` to `papers/<topic>.md`.\n",
        100,
        ("research/web",),
        ("papers.search", "web.fetch", "files.write"),
        ("references/arxiv-categories.md", "scripts/bibtex.py"),
        8,
    ),
    _Skill(
        "web-search",
        "Look something up on the web and cite the sources",
        "# Web search\n\n"
        "1. Search the web with `web.search`.\n"
        "2. Fetch the top results with `web.fetch` and read them.\n"
        "3. Give a short answer with links to the sources you used.\n\n"
        "Prefer official sites. Mention the date for anything that changes often, like prices.\n",
        80,
        (),
        ("web.search", "web.fetch"),
        ("references/search-operators.md",),
        10,
    ),
    _Skill(
        "morning-briefing",
        "Compile the weekday Morning Briefing: calendar, weather and important email",
        "# Morning Briefing\n\n"
        "## Steps\n"
        "1. List today's events with `calendar.list_events`.\n"
        "2. Get the forecast for each location with `weather.forecast`.\n"
        "3. Find unread email from the last 16 hours with `email.search`; pick at most five\n"
        "   that need action.\n"
        "4. Render with `templates/briefing.md`: events, weather, email, then anything overdue.\n",
        140,
        ("mcp/calendar", "mcp/weather", "mcp/email"),
        ("calendar.list_events", "weather.forecast", "email.search"),
        ("templates/briefing.md",),
        14,
    ),
    _Skill(
        "daily-digest",
        "Build a daily digest of today's meetings, weather and important mail",
        "# Daily digest\n\n"
        "Collect today's meetings with `calendar.list_events`, the forecast for the user's city\n"
        "with `weather.forecast` and important unread mail with `email.search`. Present them as\n"
        "one short digest, meetings first. Skip newsletters. Keep it under 150 words.\n",
        45,
        (),
        ("calendar.list_events", "weather.forecast", "email.search"),
        ("templates/digest.md",),
        6,
    ),
    _Skill(
        "unit-convert",
        "Convert between units",
        "# Unit conversion\n\nConvert with a short Python snippet; round to two decimals.\n",
        25,
        (),
        ("python.run",),
        ("references/units.md",),
        4,
    ),
    _Skill(
        "translate-text",
        "Translate text between languages",
        "# Translate text\n\nTranslate the text with the current model. Keep names unchanged.\n",
        60,
        (),
        ("memory.recall",),
        ("references/glossary.md",),
        3,
    ),
    _Skill(
        "timezone-convert",
        "Convert times between time zones",
        "# Time zone conversion\n\nConvert times between IANA zones with `zoneinfo`.\n",
        2,
        (),
        ("python.run",),
        ("references/iana-zones.md",),
        1,
    ),
    _Skill(
        "expense-report",
        "Turn receipts into an expense report for SAP Concur",
        "# Expense report\n\n"
        "## Steps\n"
        "1. Read receipts from `~/Receipts/<month>/` with `files.read`.\n"
        "2. Extract date, merchant, amount and currency; convert to EUR at the receipt date.\n"
        "3. Write `expenses-<month>.csv` in the Concur import format.\n\n"
        "## Edge cases\n"
        "- Receipts without a total: ask the user rather than guessing.\n"
        "- Reports are due by the 5th of each month.\n",
        130,
        (),
        ("files.read", "python.run", "files.write"),
        ("templates/concur-import.csv", "scripts/parse_receipt.py"),
        4,
    ),
    _Skill(
        "code-review",
        "Review a git diff for bugs, security issues and style",
        "# Code review\n\n"
        "## Steps\n"
        "1. Get the diff with `git.diff` against the merge base.\n"
        "2. Read the touched files in full, not only the hunks.\n"
        "3. Report bugs first, then security, then style; quote file and line.\n"
        "4. Run the tests with `shell.run` if a command is documented in the README.\n",
        110,
        (),
        ("git.diff", "files.read", "shell.run"),
        ("references/review-checklist.md",),
        7,
    ),
    _Skill(
        "travel/itinerary",
        "Assemble a trip itinerary with transport, stays and calendar holds",
        "# Trip itinerary\n\n"
        "## Steps\n"
        "1. Collect dates, origin and destination; the home airport is BER.\n"
        "2. Look up trains and flights with `web.search`; trains for trips under 5 hours.\n"
        "3. Put holds in the calendar with `calendar.create_event`, one per leg.\n"
        "4. Return a day-by-day plan with confirmation numbers once booked.\n",
        70,
        ("research/web", "mcp/calendar"),
        ("web.search", "calendar.create_event"),
        ("templates/itinerary.md",),
        3,
    ),
]

GENERIC_TOOLS = ("memory.recall", "memory.save")


def _skill_markdown(skill: _Skill, created: datetime, last_used: datetime) -> str:
    # JSON strings and lists are valid YAML flow scalars; quoting the timestamps keeps YAML
    # from turning them into datetime objects.
    front = [
        "---",
        f"name: {json.dumps(skill.name)}",
        f"summary: {json.dumps(skill.summary)}",
        f"created_at: {json.dumps(_iso(created))}",
        f"last_used_at: {json.dumps(_iso(last_used))}",
        f"see_also: {json.dumps(list(skill.see_also))}",
        "---",
    ]
    return "\n".join(front) + "\n" + skill.body


# --- sessions and the conversation log ---------------------------------------------------------


# (kind, rating, skills, text) of one feedback line.
_Feedback = tuple[str, str | None, tuple[str, ...], str]


@dataclass(frozen=True)
class _Script:
    turns: tuple[tuple[str, str], ...]
    skills: tuple[str, ...]
    feedback: tuple[_Feedback, ...]


# Recent sessions, in order. Recurring first requests (3 x "summarize my emails", 2 x "flight
# prices") feed gap detection; preferences sit at each sentiment threshold of preference
# inference: bullet points stated in 3 sessions (mostly casually), metric units with gentle
# pushback in 2, emojis once but very irritated, and the phone number once with mild pushback,
# which stays below its threshold.
SCRIPTS: list[_Script] = [
    _Script(
        (
            ("user", "Can you summarize my emails from this morning?"),
            (
                "assistant",
                "You have 6 new emails. Jon asked you to review the Atlas onboarding doc before "
                "Friday, Priya moved the Tuesday sync to 10:00, your Spotify invoice arrived, and "
                "there are three newsletters. Only Jon's message needs a reply today.",
            ),
            ("user", "I prefer bullet points. Paragraphs are hard to skim on my phone."),
            (
                "assistant",
                "- Jon: review the Atlas onboarding doc before Friday\n"
                "- Priya: Tuesday sync moved to 10:00\n- Spotify: invoice for 17.99 EUR\n"
                "- 3 newsletters (skipped)",
            ),
            ("user", "Thanks. Draft a short reply to Jon saying I'll look at it tomorrow."),
            (
                "assistant",
                "Draft: \"Hi Jon, I'll go through the onboarding doc tomorrow and send comments "
                'before Friday." Shall I send it?',
            ),
            ("user", "Send it."),
            ("assistant", "Sent."),
        ),
        ("mcp/email",),
        (),
    ),
    _Script(
        (
            ("user", "What are flight prices from Berlin to Lisbon for the second week of June?"),
            (
                "assistant",
                "Return flights BER to LIS for 8 to 14 June currently range from 142 to 265 EUR. "
                "TAP has the cheapest morning departure at 07:10.",
            ),
            ("user", "How far is the airport from the city centre in Lisbon?"),
            ("assistant", "Lisbon airport is about 4.3 miles from the centre."),
            ("user", "No, always use metric units. I don't think in miles."),
            ("assistant", "Sorry: about 7 km, roughly 20 minutes by metro."),
        ),
        ("research/web", "travel/itinerary"),
        (),
    ),
    _Script(
        (
            ("user", "Summarize my emails since yesterday, only the important ones."),
            (
                "assistant",
                "Since yesterday you received a contract draft from Quill's legal team, a "
                "reminder from SAP Concur that expenses are due on the 5th, and a note from "
                "Melanie about Saturday.",
            ),
            ("user", "Again, not paragraphs. I prefer bullet points."),
            (
                "assistant",
                "- Quill legal: contract draft to review\n- SAP Concur: expenses due on the 5th\n"
                "- Melanie: plans for Saturday",
            ),
            ("user", "You missed the one from Jon about the Atlas deadline."),
            (
                "assistant",
                "You're right, sorry. Jon wrote at 16:40 that the Atlas launch is now "
                "2026-08-19. It was filed under Updates.",
            ),
        ),
        ("mcp/email",),
        (
            (
                "Correction",
                None,
                ("mcp/email",),
                "Summary skipped Jon's email about the Atlas deadline; it was in the Updates "
                "folder, which the skill does not search.",
            ),
        ),
    ),
    _Script(
        (
            ("user", "What's the weather going to be for my Thursday calendar events?"),
            (
                "assistant",
                "☀️ Thursday looks great! 🌤️ Your 09:30 sync will be 72°F and sunny, and it "
                "stays dry until your climbing session with Dev 😎",
            ),
            ("user", "I TOLD you, never use emojis in your replies! And why Fahrenheit?"),
            (
                "assistant",
                "Sorry. Thursday: 22 °C and sunny in the morning, light rain after 17:00, during "
                "your climbing session with Dev.",
            ),
        ),
        ("mcp/weather", "mcp/calendar"),
        (
            (
                "SessionSummary",
                "poor",
                ("mcp/weather",),
                "Weather answer used emojis and Fahrenheit although the user had asked for "
                "neither; the user was visibly annoyed.",
            ),
        ),
    ),
    _Script(
        (
            ("user", "Find recent papers on retrieval-augmented generation for long documents."),
            (
                "assistant",
                "Here are eight papers, including LongRAG (2024), a 2023 preprint on chunking "
                "strategies, and two 2025 benchmarks for long-context retrieval.",
            ),
            ("user", "Only papers from 2025 onward, please."),
            ("assistant", "Filtered: four papers from 2025 remain. Saved to papers/rag.md."),
        ),
        ("research/papers",),
        (
            (
                "SessionSummary",
                "fair",
                ("research/papers",),
                "Paper list mixed in 2023 and 2024 preprints although the user asked for recent "
                "work; needed a second request to filter by year.",
            ),
        ),
    ),
    _Script(
        (
            ("user", "Check flight prices to Tokyo for early April, leaving from BER."),
            (
                "assistant",
                "For 3 to 17 April, return fares BER to HND start at 780 EUR with one stop in "
                "Helsinki; direct options are not available from BER.",
            ),
            ("user", "Fill in the booking form for the Finnair one."),
            ("assistant", "The form asks for a phone number. Should I use the one on file?"),
            (
                "user",
                "No. Never share my phone number on forms, use my email address instead.",
            ),
            ("assistant", "Understood. I used your email address and left the phone field empty."),
        ),
        ("research/web", "travel/itinerary"),
        (),
    ),
    _Script(
        (
            ("user", "Please summarize my emails from the weekend."),
            (
                "assistant",
                "Over the weekend Caroline shared photos from Lisbon, Rafael asked about the 200 "
                "EUR, and the Heron nightly build failed twice.",
            ),
            ("user", "Could you redo that? I prefer bullet points."),
            (
                "assistant",
                "- Caroline: photos from Lisbon\n- Rafael: asking about the 200 EUR\n"
                "- Heron: nightly build failed twice",
            ),
        ),
        ("mcp/email",),
        (("ThumbsUp", None, ("mcp/email",), "Good summary once it switched to bullets."),),
    ),
    _Script(
        (
            ("user", "Book a 1:1 with Priya next Tuesday at 09:30."),
            ("assistant", "Booked: 1:1 with Priya, Tuesday 09:30 UTC."),
            ("user", "No, I meant Berlin time, not UTC. Please fix it."),
            ("assistant", "Moved to Tuesday 09:30 Europe/Berlin and re-sent the invite."),
        ),
        ("mcp/calendar",),
        (
            (
                "Correction",
                None,
                ("mcp/calendar",),
                "Created the event in UTC instead of the user's zone Europe/Berlin.",
            ),
        ),
    ),
    _Script(
        (
            ("user", "Any new emails from Jon today?"),
            ("assistant", "One: Jon confirmed the Atlas review for Friday at 14:00."),
            ("user", "Also, how long is the drive to Hamburg?"),
            ("assistant", "About 180 miles, roughly 3 hours."),
            ("user", "Always use metric units, please. You still gave me miles."),
            ("assistant", "Noted: about 290 km, roughly 3 hours."),
        ),
        ("mcp/email", "unit-convert"),
        (
            (
                "Correction",
                None,
                ("unit-convert",),
                "Gave the distance in miles; the user wants kilometres.",
            ),
        ),
    ),
    _Script(
        (
            ("user", "Give me my morning briefing."),
            (
                "assistant",
                "- 09:30 weekly sync with Priya\n- 14:00 Atlas review with Jon\n"
                "- 16 °C, cloudy, dry\n- 2 emails need a reply: Quill legal, Melanie",
            ),
            ("user", "Perfect, thanks."),
        ),
        ("morning-briefing",),
        (("SessionSummary", "good", ("morning-briefing",), "Concise and correct briefing."),),
    ),
]

# Feedback from older sessions (days ago, kind, rating, skills, text): outside the 7-day feedback
# window, so a correct window ignores them.
OLD_FEEDBACK: list[tuple[int, _Feedback]] = [
    (12, ("SessionSummary", "poor", ("research/papers",), "Summaries were too long to skim.")),
    (20, ("Correction", None, ("translate-text",), "Translated the name Rose into Rosa.")),
    (35, ("SessionSummary", "fair", ("daily-digest",), "Digest missed an afternoon meeting.")),
    (48, ("ThumbsUp", None, ("expense-report",), "Report imported into Concur first time.")),
    (55, ("SessionSummary", "excellent", ("code-review",), "Found the off-by-one in paging.")),
]

WISP_RECURRING: list[tuple[str, str | None, float, str, str]] = [
    # (description, skill, failure rate, failed step, error). Recurring failures at one step:
    (
        "Fetch weather for each calendar event tomorrow",
        "mcp/weather",
        0.55,
        "resolve-location",
        "geocoder returned no match for the event location",
    ),
    (
        "Download arXiv PDFs for the saved paper list",
        "research/papers",
        0.40,
        "download-pdf",
        "HTTP 429 Too Many Requests from export.arxiv.org",
    ),
    (
        "Convert expense receipts to Concur CSV",
        "expense-report",
        0.35,
        "parse-receipt",
        "KeyError: 'total'",
    ),
    (
        "Sync Atlas release notes to Confluence",
        None,
        0.50,
        "publish-page",
        "401 Unauthorized: token expired",
    ),
    ("Rename screenshots by capture date", None, 0.30, "read-exif", "no EXIF DateTimeOriginal"),
    # Consistent successes: promotion candidates.
    ("Summarize unread emails into a bullet list", "mcp/email", 0.0, "", ""),
    ("Build the Morning Briefing", "morning-briefing", 0.0, "", ""),
    ("List today's calendar events", "mcp/calendar", 0.0, "", ""),
    ("Search flight prices BER to LIS", "research/web", 0.0, "", ""),
    ("Convert recipe units to metric", "unit-convert", 0.0, "", ""),
    # Both: mostly fine, but failing at the same step often enough to be a pattern.
    ("Back up ~/Documents to the NAS", None, 0.12, "rsync", "rsync exited with code 23"),
]

# One-off wisps: each description names its own folder, file or thread, so it never recurs.
WISP_ONE_OFF = [
    "Resize {n} photos in ~/Pictures/{album}-{id} to {w}px",
    "Rename PDFs in ~/Downloads/scans-{id} matching '{pattern}'",
    "Extract tables from {report}-{id}.pdf to CSV",
    "Track the price of {item} for watch list {id}",
    "Archive Slack thread {id} from #{channel} to Markdown",
]

WISP_ONE_OFF_POOLS: dict[str, list[str]] = {
    "album": ["lisbon-2025", "tokyo", "wedding", "climbing", "balcony"],
    "pattern": ["invoice-*", "scan_*", "statement-*", "ticket*"],
    "report": ["q3-board", "annual-2025", "heron-postmortem", "atlas-kpis"],
    "item": ["a Brompton saddle", "running shoes", "a FRITZ!Box 7590", "a standing desk"],
    "channel": ["atlas-dev", "heron-oncall", "random", "quill-feedback"],
}

WISP_STEPS = ["plan", "fetch", "transform", "write-output"]
WISP_ERRORS = ["timeout after 30s", "file not found", "permission denied", "JSON decode error"]

TIERS = [("low", "local-qwen2.5-7b", 0.0, 0.0), ("mid", "gpt-4.1-mini", 0.001, 0.012)]
TIERS += [("high", "gpt-4.1", 0.02, 0.09)]

CLI_SESSION = "cli-session"
SINGLE_FILE_DAYS = 60


@dataclass
class _Session:
    session_id: str
    start: datetime
    end: datetime
    script: _Script | None


def _plan_sessions(rng: random.Random, now: datetime) -> list[_Session]:
    # Older sessions reach past the 30-day age limit so log retention has files to delete;
    # the last ones (within the 7-day feedback window) carry the conversation scripts.
    sessions: list[_Session] = []
    seen: set[str] = set()
    starts = sorted(now - _seconds(rng, 8 * DAY, 75 * DAY) for _ in range(38))
    recent = sorted(now - _seconds(rng, timedelta(hours=3), 6 * DAY) for _ in SCRIPTS)
    for index, start in enumerate(starts + recent):
        script = SCRIPTS[index - len(starts)] if index >= len(starts) else None
        # A scripted session lasts long enough to hold its turns (at most 3 minutes apart).
        shortest = timedelta(minutes=30 if script else 5)
        end = start + _seconds(rng, shortest, timedelta(minutes=90))
        session_id = f"s-{start:%Y%m%d}-{rng.getrandbits(16):04x}"
        while session_id in seen:
            session_id = f"s-{start:%Y%m%d}-{rng.getrandbits(16):04x}"
        seen.add(session_id)
        sessions.append(_Session(session_id, start, end, script))
    return sessions


_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def _line(record: dict[str, Any]) -> str:
    return _COMPACT.encode(record)


def _times(rng: random.Random, start: datetime, end: datetime, count: int) -> list[datetime]:
    span = int((end - start).total_seconds()) + 1
    draw = rng.random
    offsets = sorted(int(draw() * span) for _ in range(count))
    return [start + timedelta(seconds=offset) for offset in offsets]


class _SkillPicker:
    """Draws skills by usage weight, never one that did not exist yet at that moment."""

    def __init__(self, rng: random.Random, created: dict[str, datetime]) -> None:
        self.rng = rng
        self.created = created
        self.names = [skill.name for skill in SKILLS]
        self.weights = [skill.usage_weight for skill in SKILLS]

    def many(self, moments: list[datetime]) -> list[str]:
        drawn = self.rng.choices(self.names, self.weights, k=len(moments))
        return [
            name if self.created[name] <= moment else self.one(moment)
            for name, moment in zip(drawn, moments, strict=True)
        ]

    def one(self, moment: datetime) -> str:
        names = [name for name in self.names if self.created[name] <= moment]
        weights = [self.weights[self.names.index(name)] for name in names]
        return self.rng.choices(names, weights)[0]


# --- writing -----------------------------------------------------------------------------------


class _VolumeWriter:
    """Writes files under the root and pins each one's mtime to a time derived from ``now``.

    Files are written plainly rather than through the atomic writer: they are new files in a
    volume nobody reads until the demo returns, and an fsync per file (hundreds of entries)
    would make the demo take seconds on a real disk. Only the marker is written atomically.
    """

    def __init__(self, root: Path, now: datetime) -> None:
        self.root = root
        self.now = now

    def text(self, relative: str, text: str, mtime: datetime) -> None:
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        self._touch(path, mtime)

    def lines(self, relative: str, lines: Iterable[str], mtime: datetime) -> int:
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        count = 0
        with open(path, "w", encoding="utf-8") as handle:
            for line in lines:
                handle.write(line + "\n")
                count += 1
        self._touch(path, mtime)
        return count

    def marker(self, record: dict[str, Any]) -> None:
        path = self.root / DEMO_MARKER
        atomic_write_text(path, json.dumps(record, indent=2, sort_keys=True) + "\n")
        self._touch(path, self.now)

    def settle_directories(self) -> None:
        # Creating files moved the directories' mtimes to the wall clock; pin them to ``now``.
        for directory, _subdirs, _files in os.walk(self.root):
            self._touch(Path(directory), self.now)

    @staticmethod
    def _touch(path: Path, mtime: datetime) -> None:
        stamp = mtime.timestamp()
        os.utime(path, (stamp, stamp))


def _prepare_root(root: Path) -> None:
    if root.exists() and not root.is_dir():
        raise ValueError(f"{root}: exists and is not a directory")
    if root.is_dir() and any(root.iterdir()):
        if not (root / DEMO_MARKER).is_file():
            raise ValueError(
                f"{root}: directory is not empty and is not a demo volume "
                f"(no {DEMO_MARKER}); refusing to write into it"
            )
        # A demo volume a cycle has run on is regenerated from scratch, so equal (seed, now)
        # give equal bytes whatever the cycle left behind.
        for child in sorted(root.iterdir()):
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child)
            else:
                child.unlink()
    root.mkdir(parents=True, exist_ok=True)


def write_demo(root: Path, *, seed: int = 7, now: datetime) -> DemoSummary:
    """Write a realistic demo agent volume into ``root`` (created if missing).

    Refuses (ValueError naming the path) a non-empty directory that is not already a demo
    volume; an existing demo volume is regenerated. Output depends only on ``seed`` and ``now``.
    """
    if now.tzinfo is None:
        raise ValueError("now must be timezone-aware")
    now = now.astimezone(UTC).replace(microsecond=0)
    root = Path(root)
    _prepare_root(root)
    rng = random.Random(seed)
    writer = _VolumeWriter(root, now)
    # Marked first, so a run that dies half-way leaves a volume the next run may regenerate.
    writer.marker({"generator": "dream demo", "seed": seed, "now": _iso(now)})

    memory = _plant_memory(rng, now)
    for planted in memory.entries:
        text = json.dumps(_entry_json(planted), sort_keys=True, indent=2, ensure_ascii=False)
        writer.text(f"memory/entries/{planted.id}.json", text + "\n", planted.updated)

    skill_created = {
        skill.name: now - skill.created_days_ago * DAY - _seconds(rng, timedelta(0), DAY)
        for skill in SKILLS
    }
    picker = _SkillPicker(rng, skill_created)
    sessions = _plan_sessions(rng, now)
    logs = _write_session_logs(rng, writer, sessions, picker, now)
    conversation_lines = _write_conversation(rng, writer, sessions)
    single_file_lines = _write_single_file_logs(rng, writer, sessions, picker, now)

    for skill in SKILLS:
        created = skill_created[skill.name]
        used = logs.last_used.get(skill.name, created)
        # Sparse skills were never touched after creation: that is what makes them sparse.
        edited = created
        if len(skill.body) >= 200:
            edited = min(now, created + _seconds(rng, timedelta(0), 10 * DAY))
        writer.text(f"skills/{skill.name}/SKILL.md", _skill_markdown(skill, created, used), edited)

    vocabulary = {
        "extraCommonWords": ["Briefing"],
        "alwaysSpecificWords": ["May"],
        "numericExemptCategories": ["metrics/cost"],
    }
    writer.text(
        "merge-coverage-vocabulary.json",
        json.dumps(vocabulary, indent=2) + "\n",
        now - 30 * DAY,
    )

    marker = {
        "generator": "dream demo",
        "seed": seed,
        "now": _iso(now),
        "paraphrase_groups": [[p.id for p in group] for group in memory.paraphrase_groups],
        "exact_duplicate_pairs": [[p.id for p in pair] for pair in memory.exact_pairs],
        "distinct_moment_pairs": [[p.id for p in pair] for pair in memory.distinct_moments],
        "malformed_log": {"path": logs.malformed_path, "line_numbers": logs.malformed_lines},
    }
    writer.marker(marker)
    writer.settle_directories()

    return DemoSummary(
        entries_live=sum(1 for planted in memory.entries if planted.archived_at is None),
        entries_archived=sum(1 for planted in memory.entries if planted.archived_at is not None),
        near_duplicate_groups=len(memory.paraphrase_groups) + len(memory.exact_pairs),
        high_value=sum(1 for planted in memory.entries if _is_high_value(planted)),
        skills=len(SKILLS),
        session_files=logs.files,
        single_file_log_lines=single_file_lines,
        conversation_lines=conversation_lines,
        feedback_lines=logs.feedback_lines,
    )


@dataclass
class _SessionLogs:
    files: int = 0
    feedback_lines: int = 0
    last_used: dict[str, datetime] = field(default_factory=dict)
    malformed_path: str = ""
    malformed_lines: list[int] = field(default_factory=list)

    def saw(self, skill: str, moment: datetime) -> None:
        self.last_used[skill] = max(self.last_used.get(skill, moment), moment)


def _feedback_line(
    moment: datetime,
    session_id: str,
    feedback: _Feedback,
) -> str:
    kind, rating, skills, text = feedback
    record = {
        "ts": _iso(moment),
        "session_id": session_id,
        "kind": kind,
        "rating": rating,
        "skills": list(skills),
        "text": text,
    }
    return _line(record)


def _write_session_logs(
    rng: random.Random,
    writer: _VolumeWriter,
    sessions: list[_Session],
    picker: _SkillPicker,
    now: datetime,
) -> _SessionLogs:
    tools_by_skill = {skill.name: skill.tools for skill in SKILLS}
    logs = _SessionLogs()
    scripted = [session for session in sessions if session.script is not None]
    unscripted = [session for session in sessions if session.script is None]
    malformed_session = scripted[2].session_id

    # Older feedback lands in the unscripted session that ended closest to its age.
    old_feedback: dict[str, list[_Feedback]] = {}
    for days_ago, item in OLD_FEEDBACK:
        age = days_ago * DAY
        session = min(unscripted, key=lambda s: abs((now - s.end) - age))
        old_feedback.setdefault(session.session_id, []).append(item)

    for session in sessions:
        sid = session.session_id
        if session.script is not None:
            used = list(session.script.skills)
        else:
            used = list(dict.fromkeys(picker.many([session.start] * rng.randint(1, 3))))
        usage = sorted(
            (moment, name)
            for name in used
            for moment in _times(rng, session.start, session.end, rng.randint(1, 4))
        )
        for moment, name in usage:
            logs.saw(name, moment)
        logs.files += 1
        writer.lines(
            f"logs/skill-usage/{sid}.jsonl",
            (_line({"ts": _iso(m), "session_id": sid, "skill": name}) for m, name in usage),
            usage[-1][0],
        )

        tools = [tool for name in used for tool in tools_by_skill[name]] + list(GENERIC_TOOLS)
        moments = _times(rng, session.start, session.end, rng.randint(8, 120))
        lines = [
            _line(
                {
                    "ts": _iso(moment),
                    "session_id": sid,
                    "tool": rng.choice(tools),
                    "ok": rng.random() > 0.05,
                    "duration_ms": rng.randint(40, 2500),
                }
            )
            for moment in moments
        ]
        if sid == malformed_session:
            # An agent killed mid-append, a writer bug that dropped the timestamp, a stray
            # non-object: each must be reported on read and the file left in place.
            lines[3] = lines[3][: len(lines[3]) // 2]
            untimed = json.loads(lines[7])
            del untimed["ts"]
            lines[7] = _line(untimed)
            lines[12] = "null"
            logs.malformed_path = f"logs/tool-call/{sid}.jsonl"
            logs.malformed_lines = [4, 8, 13]
        logs.files += 1
        writer.lines(f"logs/tool-call/{sid}.jsonl", lines, moments[-1])

        if session.script is not None and session.script.feedback:
            feedback = list(session.script.feedback)
            start = session.end + timedelta(minutes=1)
            moments = _times(rng, start, start + timedelta(minutes=10), len(feedback))
        else:
            feedback = old_feedback.get(sid, [])
            moments = [session.end + timedelta(minutes=2 + i) for i in range(len(feedback))]
        if feedback:
            logs.files += 1
            logs.feedback_lines += writer.lines(
                f"logs/feedback/{sid}.jsonl",
                (
                    _feedback_line(moment, sid, item)
                    for moment, item in zip(moments, feedback, strict=True)
                ),
                moments[-1],
            )

    _write_cli_session(rng, writer, picker, now, logs)
    return logs


def _write_cli_session(
    rng: random.Random,
    writer: _VolumeWriter,
    picker: _SkillPicker,
    now: datetime,
    logs: _SessionLogs,
) -> None:
    # The persistent session: written continuously, so age and count pruning never reap it;
    # only the per-file line cap (50 000) bounds it, hence more lines than that.
    start = now - SINGLE_FILE_DAYS * DAY
    last = now - timedelta(minutes=3)

    usage_times = _times(rng, start, last, 1500)
    usage_names = picker.many(usage_times)
    for moment, name in zip(usage_times, usage_names, strict=True):
        logs.saw(name, moment)
    logs.files += 1
    writer.lines(
        f"logs/skill-usage/{CLI_SESSION}.jsonl",
        (
            _line({"ts": _iso(moment), "session_id": CLI_SESSION, "skill": name})
            for moment, name in zip(usage_times, usage_names, strict=True)
        ),
        usage_times[-1],
    )

    all_tools = sorted({tool for skill in SKILLS for tool in skill.tools} | set(GENERIC_TOOLS))
    call_times = _times(rng, start, last, 55_000)
    call_tools = rng.choices(all_tools, k=len(call_times))
    logs.files += 1
    writer.lines(
        f"logs/tool-call/{CLI_SESSION}.jsonl",
        (
            _line(
                {
                    "ts": _iso(moment),
                    "session_id": CLI_SESSION,
                    "tool": tool,
                    "ok": rng.random() > 0.04,
                    "duration_ms": rng.randint(30, 4000),
                }
            )
            for moment, tool in zip(call_times, call_tools, strict=True)
        ),
        call_times[-1],
    )

    feedback: list[tuple[int, _Feedback]] = [
        (40, ("ThumbsUp", None, ("mcp/calendar",), "Found a free slot for everyone quickly.")),
        (16, ("SessionSummary", "good", ("research/web",), "Useful answer with sources.")),
        (3, ("Correction", None, ("unit-convert",), "5 miles is 8.05 km, not 8.5 km.")),
        (1, ("SessionSummary", "fair", ("daily-digest",), "Digest repeated the weather twice.")),
    ]
    moments = [
        now - days_ago * DAY - _seconds(rng, timedelta(0), timedelta(hours=12))
        for days_ago, _item in feedback
    ]
    logs.files += 1
    logs.feedback_lines += writer.lines(
        f"logs/feedback/{CLI_SESSION}.jsonl",
        (
            _feedback_line(moment, CLI_SESSION, item)
            for moment, (_days, item) in zip(moments, feedback, strict=True)
        ),
        moments[-1],
    )


def _write_conversation(rng: random.Random, writer: _VolumeWriter, sessions: list[_Session]) -> int:
    lines: list[str] = []
    last = sessions[-1].end
    for session in sessions:
        if session.script is None:
            continue
        moment = session.start
        for role, content in session.script.turns:
            moment += _seconds(rng, timedelta(seconds=15), timedelta(minutes=3))
            record = {
                "ts": _iso(moment),
                "session_id": session.session_id,
                "role": role,
                "content": content,
            }
            lines.append(_line(record))
            last = moment
    return writer.lines("conversation-log.jsonl", lines, last)


def _session_at(sessions: list[_Session], starts: list[datetime], moment: datetime) -> str:
    index = bisect.bisect_right(starts, moment) - 1
    if index >= 0 and moment <= sessions[index].end:
        return sessions[index].session_id
    return CLI_SESSION


def _write_single_file_logs(
    rng: random.Random,
    writer: _VolumeWriter,
    sessions: list[_Session],
    picker: _SkillPicker,
    now: datetime,
) -> int:
    # Both big logs are over the 50 000-line cap so retention trims them; their ~60 days reach
    # past the 14-day wisp window, so windowing is exercised too.
    start = now - SINGLE_FILE_DAYS * DAY
    last = now - timedelta(minutes=1)
    ordered = sorted(sessions, key=lambda s: s.start)
    starts = [s.start for s in ordered]
    resources = {skill.name: skill.resources for skill in SKILLS}
    total = 0

    times = _times(rng, start, last, 52_000)
    skills = picker.many(times)
    total += writer.lines(
        "logs/skill-resource-usage.jsonl",
        (
            _line(
                {
                    "ts": _iso(moment),
                    "session_id": _session_at(ordered, starts, moment),
                    "skill": skill,
                    "resource": rng.choice(resources[skill]),
                }
            )
            for moment, skill in zip(times, skills, strict=True)
        ),
        times[-1],
    )

    times = _times(rng, start, last, 51_000)
    total += writer.lines(
        "logs/wisp-executions.jsonl",
        (
            _wisp_line(rng, moment, _session_at(ordered, starts, moment), picker.created)
            for moment in times
        ),
        times[-1],
    )

    times = _times(rng, now - 30 * DAY, last, 3_000)
    tiers = rng.choices(TIERS, [60, 30, 10], k=len(times))
    total += writer.lines(
        "logs/tier-routing.jsonl",
        (
            _line(
                {
                    "ts": _iso(moment),
                    "session_id": _session_at(ordered, starts, moment),
                    "tier": tier,
                    "model": model,
                    "cost_usd": round(rng.uniform(low, high), 6),
                }
            )
            for moment, (tier, model, low, high) in zip(times, tiers, strict=True)
        ),
        times[-1],
    )
    return total


def _wisp_line(
    rng: random.Random, moment: datetime, session_id: str, skill_created: dict[str, datetime]
) -> str:
    if rng.random() < 0.7:
        description, skill, failure_rate, step, error = rng.choice(WISP_RECURRING)
        if skill is not None and skill_created[skill] > moment:
            # Before its skill existed the same wisp ran ad hoc: it was promoted later.
            skill = None
    else:
        template = rng.choice(WISP_ONE_OFF)
        values = {name: rng.choice(pool) for name, pool in WISP_ONE_OFF_POOLS.items()}
        description = template.format(
            n=rng.randint(5, 400),
            w=rng.choice([800, 1200]),
            id=f"{rng.getrandbits(20):05x}",
            **values,
        )
        skill, failure_rate = None, 0.1
        step, error = rng.choice(WISP_STEPS), rng.choice(WISP_ERRORS)
    ok = rng.random() >= failure_rate
    return _line(
        {
            "ts": _iso(moment),
            "session_id": session_id,
            "description": description,
            "ok": ok,
            "failed_step": None if ok else step,
            "error": None if ok else error,
            "skill": skill,
        }
    )
