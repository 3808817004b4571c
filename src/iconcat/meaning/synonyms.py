"""Synonym groups of our own: the words people search by, joined to the words icons are named by.

One table for every set (the demo's, sets from disk, SVG folders, Iconify's API), written by hand from
icon vocabulary (what Tabler, Lucide, MDI, Phosphor, Font Awesome and Material call their drawings),
not fitted to any list of test queries.

The rule
--------
- **Terms are folded.** A word or a phrase is compared case-folded, with hyphens, underscores and runs
  of spaces as one space (`fold`): `Magnifying-Glass`, `magnifying_glass` and `magnifying glass` are
  one term. Spelling is not folded: `colour` and `color` are both in the table.
- **A group is symmetric.** Every member of a group finds every other member: `delete` finds `trash`
  and `trash` finds `delete`. `synonyms_of(a)` holds `b` exactly when `synonyms_of(b)` holds `a`, for
  any two members (the one-way words below aside).
- **A group is not transitive across groups.** A word may sit in two groups only where it truly means
  both (`SHARED_WORDS` lists each and why; the tests refuse any other); it then finds the members of
  both, while the two groups' other members do not find each other.
- **One-way words widen, but are not found.** An ambiguous word (`ONE_WAY`) finds a group's members,
  but the group's members do not find it, because most icons named with that word draw something
  else: a query `cross` also finds close icons, while `close` does not bring Tabler's and MDI's
  religious and medical crosses; `letter` finds envelopes, while `mail` does not bring Tabler's
  `letter-a`…`letter-z` (320 of its names). A one-way word may still be a member of the group of what it depicts
  (`hamburger` is in the burger group and points one way to the menu).
- **A phrase matches as its words.** A member of several words (`magnifying glass`, `log out`,
  `pie chart`) matches a name or a tag that holds each of its words as a whole word, in any order:
  icon names put the noun first (`chart-pie` is a pie chart, `lock-open` an open lock). `terms_of`
  joins consecutive query words that make such a member into one term.
- **Whole words only.** A synonym is never a prefix or a substring: `bin` widens to `trash`, not to
  `binary`; `time` is not `times`.

The ambiguous words, decided
----------------------------
`x` is in the close group both ways: an icon named with the word `x` is the cross drawn to close
(Lucide's `x`, Tabler's `bell-x`), and a person typing `x` wants it. `cross`, `times` and `cancel` only
point one way to close: `cross` names religious and medical crosses, `times` Phosphor's NY Times logo
and Material's prayer times, `cancel` a slashed circle in Tabler and MDI (it is in the ban group).
`bars` points one way to the menu (most icons named `bars` are signal or chart bars; Font Awesome's
menu `bars` carries the tag); the bar chart is the phrase `bar chart`. `hamburger` is food in four of
the five big sets: one way to the menu, both ways with `burger`. `disk` is storage (`hard disk`) and
points one way to save, the floppy is `floppy`. `message` is a chat bubble in Tabler, MDI, Lucide and
Font Awesome, so it is in the chat group, not the mail group. `star` and `heart` are groups of their
own; `favourite`/`favorite` point one way to both (Material's `favorite` is a heart, other sets' a
star), `like` to the heart and the thumb. `time` is the clock; `watch` is the smartwatch, not the clock.
`fill` is in no group: Phosphor and Bootstrap use it for a style (`trash-fill`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence

__all__ = [
    "ONE_WAY",
    "SHARED_WORDS",
    "SYNONYMS_VERSION",
    "SYNONYM_GROUPS",
    "fold",
    "synonyms_of",
    "table_version",
    "terms_of",
]

_SEPARATORS = re.compile(r"[\s_\-]+")


def fold(term: str) -> str:
    """`term` as the table compares it: case-folded, hyphens, underscores and spaces as one space."""
    return _SEPARATORS.sub(" ", term.casefold()).strip()


# One group a line, its members between commas, its head word first (the name `ONE_WAY` uses for it);
# a line ending with a comma goes on on the next line; "#" starts a line of comment. Members are
# written folded (the tests check it); a member of several words is a phrase (see the docstring).
_GROUPS = """
# everyday actions
delete, remove, trash, trash can, bin, garbage, garbage can, rubbish, rubbish bin, discard, wastebasket,
    waste basket, dustbin, recycle bin
settings, cog, cogs, gear, gears, preferences, options, configuration, config, configure
sliders, slider, adjustments, adjust, tune, tuning, controls
save, floppy, floppy disk, diskette, device floppy
search, find, magnifier, magnifying glass, loupe, lookup, look up, zoom, seek
zoom in, magnify, zoom plus
zoom out, zoom minus, demagnify
close, x, xmark, x mark, dismiss
menu, hamburger menu, burger menu, three bars, navigation menu
more, ellipsis, three dots, dots horizontal, dots vertical, more horizontal, more vertical, overflow,
    overflow menu, kebab menu, meatballs, more options
edit, pencil, pen, write, modify, compose
plus, add, new, create, addition
minus, subtract, subtraction, decrease
check, tick, checkmark, check mark, done, ok, okay, confirm, accept, yes
copy, duplicate, clone, replicate
paste, clipboard
cut, scissors, snip
filter, filters, funnel, refine
sort, sorting, reorder, arrange
refresh, reload, retry
sync, synchronize, synchronise, synchronization, synchronisation, syncing
undo, revert, rollback, roll back
share, sharing, reshare
send, paper plane, paperplane, submit
link, chain, url, hyperlink, permalink, weblink
external link, open in new, open in new window, new window, new tab, launch
attachment, attach, attached, paperclip, paper clip
maximize, maximise, fullscreen, full screen, enlarge
minimize, minimise, shrink, exit fullscreen, exit full screen
chevron, chevrons, caret, carets
up, upward, upwards
down, downward, downwards
left, leftward, leftwards
right, rightward, rightwards
expand, unfold, unfold more, show more
collapse, fold, unfold less, show less
move, drag, drag and drop, draggable, grip, drag handle
swap, exchange, transfer, interchange
rotate, rotation, rotating, spin
flip, mirror, reflect, reflection
crop, cropping, trim
resize, resizing, dimensions
login, log in, sign in, signin, log on, logon
logout, log out, sign out, signout, log off, logoff, exit
power, power off, shutdown, shut down, turn off, standby, power button
toggle, switch, toggle switch
print, printer, printing, hardcopy
help, question, question mark, faq, lifebuoy, life buoy, life ring
info, information, about
# status
warning, alert, caution, danger, hazard, exclamation, exclamation mark, attention
error, failure, fail, failed, wrong
ban, block, blocked, forbidden, prohibited, not allowed, no entry, cancel
loading, loader, spinner, throbber, busy, waiting
verified, verification, certified, authentic, badge check
bell, notification, notifications, notify, reminder
spam, junk, junk mail
# security
lock, padlock, locked, secure, private
unlock, unlocked, lock open
shield, protection, protect, security, guard, defense, defence, safety
key, password, passkey, credential, credentials
eye, visible, visibility, reveal, see
hide, hidden, invisible, eye off, eye slash, eye closed
fingerprint, finger print, biometric, biometrics, touch id, thumbprint
face id, face recognition, facial recognition, face unlock
# people and social
user, person, profile, account, avatar, member, human, individual
users, people, team, teams, community, members, persons
man, men, male, gentleman
woman, women, female, lady
baby, infant, newborn, toddler
contacts, contact, address book, phonebook, phone book, rolodex
id card, identity card, identification, id badge, identity
star, stars, starred, rating
heart, hearts, love
thumbs up, thumb up, thumbsup, upvote, approve
thumbs down, thumb down, thumbsdown, downvote, dislike, disapprove
smile, smiley, happy, emoticon, emoji, grin
sad, unhappy, frown, frowning, upset
handshake, agreement, partnership, partners
accessibility, accessible, a11y, wheelchair, disability, universal access
bookmark, bookmarks, bookmarked, read later
tag, tags, label, labels, price tag
hashtag, hash, number sign, octothorpe
at, at sign, at symbol, mention, arobase
megaphone, bullhorn, announcement, announcements, announce, campaign
trophy, award, awards, prize, winner, achievement, champion, medal
crown, king, queen, royal
diamond, gem, jewel, gemstone, jewelry, jewellery
# communication
mail, envelope, email, e mail, mailbox
chat, message, messages, comment, comments, speech bubble, chat bubble, conversation, talk, discussion,
    forum, sms
reply, respond, response
phone, telephone, call, calling, dial, handset, phone call
hang up, hangup, end call
video call, video chat, video conference, videoconference, facetime
rss, feed, feeds, rss feed, syndication
broadcast, broadcasting, live stream, livestream, on air, streaming
radio, fm, fm radio, transistor radio
cast, chromecast, screencast, screen cast
wifi, wi fi, wireless, wlan, hotspot
signal, reception, cellular, cell signal, signal strength, antenna
internet, web, website, www, webpage, web page
translate, translation, language, languages, localization, localisation, i18n
# media
play, resume, playback
pause, paused, suspend
stop, halt, stop button
skip next, skip, skip forward, next track
skip previous, skip back, skip backward, previous track
fast forward, ffwd
rewind, fast rewind, fast backward
shuffle, random, randomize, randomise
repeat, loop, replay, recurring
volume, sound, speaker, audio, loudspeaker
mute, muted, silent, silence, volume off, volume mute, sound off
music, song, songs, melody, musical note, quaver
microphone, mic, voice, dictation
headphones, headphone, headset, earphones, earbuds
waveform, wave form, sound wave, audio wave, audio lines
video, videos, movie, film, camcorder, video camera, videocam
camera, webcam, photo camera, snapshot
image, images, picture, pictures, photo, photos, pic, img, gallery
screenshot, screenshots, screen capture, screen grab, screengrab
presentation, slides, slideshow, slide show
disc, cd, dvd, compact disc, blu ray
# files and data
file, files, document, documents, doc, docs
notes, memo, memos, sticky note, notepad, post it
folder, folders, directory, directories
archive, archives, archived
zip, compress, compressed, compression, zipped, zip file
package, parcel, packages, shipment
download, downloads, downloading
upload, uploads, uploading
cloud, clouds, cloudy, overcast
database, databases, db, sql, data store
server, servers, rack, hosting, data center, datacenter
storage, hard drive, harddrive, hard disk, harddisk, hdd, ssd, disk
usb, usb stick, flash drive, thumb drive, pen drive, pendrive, memory stick
code, coding, programming, source code, developer
terminal, command line, cli, command prompt, shell, bash
bug, bugs, insect, debug, debugging, beetle, ladybug
puzzle, puzzle piece, plugin, plugins, extension, extensions, add on, addon, addons
robot, bot, bots, robots, chatbot
ai, artificial intelligence, machine learning
magic, sparkles, sparkle, magic wand, wand
layers, layer, stack, stacked
cube, cubes, 3d, three dimensional
grid, tiles, apps, waffle
list, bullet list, bulleted list, unordered list, list bullets
hierarchy, org chart, organization chart, organisation chart, sitemap
chart, charts, graph, graphs, statistics, stats, analytics, metrics
bar chart, column chart, histogram, bar graph
pie chart, donut chart, doughnut chart
line chart, line graph, trend, trends, trending
dashboard, speedometer, gauge, tachometer
qr code, qr, qrcode
barcode, bar code, barcodes, upc, ean
scan, scanner, scanning
checkbox, check box, checkboxes, tickbox, tick box, square check
radio button, radiobutton, radiobox, option button
sidebar, side bar, side panel, navigation drawer
app, application, applications
# editing and text
palette, colour, color, colours, colors, colour palette, color palette, swatch, swatches
brush, paintbrush, paint brush, brushes, paint, draw, drawing
paint bucket, bucket, paint can, fill color, fill colour
eyedropper, eye dropper, pipette, color picker, colour picker, dropper
eraser, erase, erasing
highlighter, highlight, marker pen
font, fonts, typography, typeface
quote, quotes, quotation, quotation marks, blockquote
strikethrough, strike through, strikethru, strike
ruler, measure, measurement, measuring, tape measure
# maths
calculator, calculate, calculation, calc, arithmetic
equals, equal, equal sign, equals sign
multiply, multiplication
divide, division, divided by, obelus
percent, percentage, per cent
infinity, infinite, endless, forever
# time
clock, time, hour, hours, wall clock
timer, stopwatch, countdown, chronometer, hourglass
alarm, alarm clock, wake up
calendar, calendars, date, event, events, agenda, planner, appointment
history, recent, recents, past
# commerce
cart, shopping cart, trolley, basket, shopping basket, checkout
shopping bag, bag, bags, tote bag, tote
store, stores, shop, shops, storefront, market, marketplace
money, cash, banknote, banknotes, currency
coin, coins
dollar, usd, dollar sign
euro, eur, euro sign
sterling, pound sterling, gbp
yen, jpy
bitcoin, btc
credit card, debit card, bank card, payment, payments, pay
wallet, purse, billfold
receipt, receipts, invoice, invoices
bank, banking, finance, financial
piggy bank, piggybank, savings, money box
gift, gifts, present, presents, gift box
discount, sale, coupon, voucher, promo, promotion, deal
ticket, tickets, admission
briefcase, portfolio, job, jobs, career, work
luggage, suitcase, suitcases, baggage
building, buildings, office, company, business, enterprise, headquarters, skyscraper
# devices
smartphone, mobile, cellphone, cell phone, mobile phone
tablet, ipad
laptop, laptops, macbook
computer, desktop, monitor, display, pc, workstation
tv, television, smart tv
watch, smartwatch, wristwatch, watches
battery, batteries, charge, charging, battery level
keyboard, keyboards, typing
mouse, mice, computer mouse
cursor, pointer, mouse pointer, click
gamepad, game controller, controller, joystick, gaming, game, games, video game
dice, die, roll dice
plug, power plug, electric plug, outlet, power outlet, socket
lightning, lightning bolt, bolt, zap, flash, electricity, electric, energy
flashlight, torch
lightbulb, light bulb, bulb, idea, ideas, insight
# weather and nature
sun, sunny, sunshine, light mode, brightness, daytime, clear sky
moon, night, dark mode, night mode, crescent, lunar, nighttime
rain, rainy, raining, rainfall, drizzle, downpour, precipitation
snow, snowflake, snowflakes, snowy, snowfall, snowing, winter
storm, stormy, thunderstorm, thunder, lightning
wind, windy, breeze, gust, gale
fog, foggy, mist, misty, haze, hazy
temperature, thermometer, temp, thermostat
umbrella, umbrellas, parasol
water, droplet, water drop, raindrop, humidity, liquid, drip
fire, flame, flames, blaze, burning
plant, plants, leaf, leaves, eco, ecology, environment, nature, sprout, seedling
tree, trees, forest, woods
recycle, recycling, recyclable, reuse
mountain, mountains, hill, hills
beach, seaside, palm tree, tropical, island
tent, camping, camp, campsite
pet, pets, animal, animals, paw, paw print, pawprint
dog, dogs, puppy, doggy
cat, cats, kitten, kitty
# maps and travel
home, house, homepage, home page
location, map pin, map marker, location pin, geolocation, place, places
pin, pushpin, push pin, thumbtack, tack, pinned
gps, my location, current location, locate
target, crosshair, crosshairs, aim, reticle, bullseye
map, maps, cartography
compass, explore
navigation, navigate, nav
route, routes, directions, itinerary, journey
globe, world, earth, planet, worldwide, international, global
flag, flags, pennant
airplane, aeroplane, plane, aircraft, flight, flights, jet
car, cars, automobile, vehicle, sedan
truck, lorry, delivery, shipping, freight
bus, buses, transit, public transport
train, trains, railway, railroad, locomotive, subway, metro
bicycle, bicycles, bike, bikes, cycling
boat, ship, ferry, sailboat, yacht
walk, walking, pedestrian
rocket, spaceship, rocketship, space shuttle
parking, car park, parking lot, parking garage
gas station, gas pump, fuel, fuel pump, petrol, petrol station, filling station, gasoline
traffic light, traffic lights, traffic signal, stoplight, stop light
road, roads, street, highway, motorway, freeway
construction, under construction, roadwork, road work
# places, things, health
door, doors, doorway, entrance
bed, beds, sleep, sleeping, zzz, hotel, lodging, accommodation
sofa, couch, settee
bath, bathtub, bath tub, tub
toilet, toilets, restroom, wc, lavatory, loo, washroom
kitchen, cooking, cook, chef, culinary, recipe
food, meal, eat, eating, dining, restaurant, cutlery, utensils, silverware, knife and fork, dinner, lunch
burger, hamburger, cheeseburger, fast food
coffee, cafe, café, espresso, latte, cappuccino, mug
drink, drinks, beverage, beverages, cocktail
cake, birthday, birthday cake, cupcake
celebration, celebrate, party, confetti, party popper, festive
medical, medical cross, health, healthcare, hospital, clinic, first aid
pill, pills, capsule, medication, medicine, drug, drugs
syringe, injection, vaccine, vaccination, jab
activity, pulse, heartbeat, heart rate, ecg, cardio
tooth, teeth, dental, dentist
brain, mind, thinking
glasses, spectacles, eyeglasses, eyewear
shirt, t shirt, tshirt, clothes, clothing, apparel
school, education, graduation, graduate, graduation cap, mortarboard, academic, academy, university, college,
    learning
book, books, ebook, reading, library, novel
newspaper, news, article, articles, press, headline, headlines
flask, beaker, test tube, lab, laboratory, experiment, chemistry, science
atom, atomic, physics
radioactive, radiation, nuclear
wrench, spanner, tool, tools, repair, maintenance
hammer, mallet
"""


def _parsed(text: str) -> tuple[tuple[str, ...], ...]:
    """The groups of a table written one a line (see `_GROUPS`)."""
    groups: list[tuple[str, ...]] = []
    pending = ""
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        pending += " " + line
        if not line.endswith(","):
            groups.append(tuple(member.strip() for member in pending.split(",")))
            pending = ""
    return tuple(groups)


SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = _parsed(_GROUPS)
"""Every group, in the table's order, each a tuple of folded terms led by its head word."""

ONE_WAY: Mapping[str, tuple[str, ...]] = {
    # word: the heads of the groups it also finds; their members do not find it, since most icons
    # named with the word draw something else (in brackets).
    "angle": ("chevron",),  # Font Awesome's chevrons; elsewhere a geometric angle
    "bars": ("menu",),  # signal and chart bars
    "bill": ("receipt", "money"),  # an invoice, or Font Awesome's `money-bill` banknote
    "box": ("package", "archive"),  # MDI's `alpha-a-box`, checkboxes, boxed variants
    "cancel": ("close",),  # a slashed circle in Tabler and MDI (in the ban group both ways)
    "card": ("credit card",),  # id cards, SD cards, card layouts
    "console": ("terminal", "gamepad"),  # a game console or a command console
    "cross": ("close",),  # religious and medical crosses
    "disk": ("save",),  # hard disks (in the storage group both ways)
    "dots": ("more",),  # Phosphor's `calendar-dots`, chat dots, dot charts
    "draw": ("edit",),  # brushes (in the brush group both ways)
    "drive": ("storage",),  # Google Drive, driving
    "drop": ("water",),  # MDI's and Material's `arrow-drop-down` carets, drag and drop
    "favorite": ("star", "heart"),  # Material's `favorite` is a heart, other sets' a star
    "favourite": ("star", "heart"),
    "gas": ("gas station",),  # gas as a state of matter, gas cylinders
    "hamburger": ("menu",),  # food in most sets (in the burger group both ways)
    "install": ("download",),  # installing is rarely drawn as anything else, but not always
    "kebab": ("more",),  # Material's `kebab-dining`
    "letter": ("mail",),  # Tabler's `letter-a`…`letter-z`, MDI's `format-letter-case`
    "like": ("heart", "thumbs up"),  # a heart on Instagram, a thumb on Facebook
    "marker": ("location", "highlighter"),  # MDI's `bus-marker` is a map marker, Font Awesome's a pen
    "math": ("calculator",),  # MDI's `math-integral`, `math-compass`
    "maths": ("calculator",),
    "next": ("skip next",),  # `page-next`, chevrons and arrows as well
    "note": ("notes",),  # music notes
    "photo": ("camera",),  # a photo is an image first (in the image group both ways)
    "premium": ("crown", "diamond"),  # either is drawn for a paid tier
    "prev": ("skip previous",),
    "previous": ("skip previous",),  # `page-previous`, chevrons and arrows as well
    "read": ("book",),  # `mail-read`, `read-more`
    "schedule": ("calendar", "clock"),  # Material's `schedule` is a clock, a timetable a calendar
    "screen": ("computer",),  # `screen-share`, `fit-to-screen`, `mobile-screen`
    "show": ("eye",),  # Material's `show-chart`
    "sparkles": ("ai",),  # sparkles are magic (in the magic group both ways) and now AI
    "support": ("help",),  # a lifebuoy or a headset, but `support` also names many things
    "times": ("close", "multiply"),  # Phosphor's NY Times, Material's prayer times
    "travel": ("luggage", "airplane"),  # either is drawn for travel
    "view": ("eye",),  # MDI's `view-grid`, `view-list`, `view-dashboard` are layouts
}

SHARED_WORDS: Mapping[str, str] = {
    # word: why it belongs to more than one group (any other word in two groups is a mistake).
    "lightning": "a storm's lightning and electricity's bolt are drawn alike; `storm` and `zap` both want it",
}


def _widenings(groups: Sequence[tuple[str, ...]], one_way: Mapping[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """Each term of the table and what it widens to, in the table's order, itself left out."""
    # Built at import, at search time: slices for the usual member of one group (a millisecond less
    # than merging sets for every member), a merge only for shared and one-way words.
    found: dict[str, tuple[str, ...]] = {}

    def add(term: str, others: tuple[str, ...]) -> None:
        known = found.get(term)
        if known is not None:
            others = tuple(other for other in dict.fromkeys(known + others) if other != term)
        found[term] = others

    for group in groups:
        for index, member in enumerate(group):
            add(member, group[:index] + group[index + 1 :])
    by_head = {group[0]: group for group in groups}
    for word, heads in one_way.items():
        add(word, tuple(other for head in heads for other in by_head[head] if other != word))
    return found


def table_version(groups: Iterable[Sequence[str]], one_way: Mapping[str, Sequence[str]]) -> str:
    """A short hash of a table: it changes whenever a member, a group or a one-way word does."""
    # Members hold neither commas nor newlines (the table's own separators), so this text is the table.
    lines = [",".join(group) for group in groups]
    lines += [f"{word}>{','.join(one_way[word])}" for word in sorted(one_way)]
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()[:16]


_WIDENING = _widenings(SYNONYM_GROUPS, ONE_WAY)
_PHRASE_LENGTHS = sorted({len(term.split()) for term in _WIDENING if " " in term}, reverse=True)

SYNONYMS_VERSION: str = table_version(SYNONYM_GROUPS, ONE_WAY)
"""The table's hash: it joins a search index's signature, so a new table recomputes the search."""


def synonyms_of(word: str) -> tuple[str, ...]:
    """The other members of every group `word` (folded) belongs to, and those of the groups it points
    to one way; never `word` itself; empty for a word the table does not hold. Folded terms, in the
    table's order; a term of several words is a phrase (its words match in any order)."""
    return _WIDENING.get(fold(word), ())


def terms_of(words: Sequence[str]) -> tuple[str, ...]:
    """The query's words (each folded) as the table's terms, left to right: where consecutive words
    make a phrase the table holds ("magnifying glass", "log out"), the longest such run is one term;
    every other word is a term of its own. `terms_of(["Sign", "in", "now"])` is `("sign in", "now")`."""
    folded = [fold(word) for word in words]
    terms: list[str] = []
    start = 0
    while start < len(folded):
        for length in _PHRASE_LENGTHS:
            phrase = " ".join(folded[start : start + length])
            if start + length <= len(folded) and phrase in _WIDENING:
                terms.append(phrase)
                start += length
                break
        else:
            terms.append(folded[start])
            start += 1
    return tuple(terms)
