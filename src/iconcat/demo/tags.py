"""The demo glyphs' tags: the words a person searches by for each picture, beyond its name.

A glyph is named for what it draws ("Trash", "Settings"); its tags say what it is for ("delete",
"remove", "bin"; "gear", "preferences"), as the tags of real icon packages do (Lucide's `tags.json`,
Tabler's `icons.json`). Keyed by the glyph's name in `glyphs.GLYPHS`; a generated name ("Trash Circle",
see `generated.py`) is a demo glyph with modifiers, `Spec.glyph` points to it, and it means what its
glyph means. Tags are folded as the synonym table folds terms (`iconcat.meaning.fold`: lower case, one
space between words), whole words or phrases, and never a word of the glyph's own name.

Plain data, no drawing code: the search reads it without importing `glyphs.py`.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["GLYPH_TAGS"]

GLYPH_TAGS: Mapping[str, tuple[str, ...]] = {
    # Arrows
    "Arrow Right": ("next", "forward", "east", "direction"),
    "Arrow Left": ("back", "previous", "west", "direction"),
    "Arrow Up": ("north", "direction", "ascend"),
    "Arrow Down": ("south", "direction", "descend"),
    "Arrow Up Right": ("diagonal", "northeast", "external", "outward"),
    "Arrow Circle Right": ("next", "forward", "continue", "proceed"),
    "Arrow Circle Left": ("back", "previous", "return"),
    "Refresh": ("reload", "sync", "update", "retry", "rotate"),
    "Undo": ("back", "revert", "history"),
    "Redo": ("again", "forward", "repeat", "history"),
    # Weather
    "Sun": ("sunny", "day", "light mode", "brightness", "weather"),
    "Moon": ("night", "dark mode", "sleep", "weather"),
    "Cloud": ("weather", "overcast", "storage", "upload"),
    "Cloud Rain": ("weather", "rainy", "shower", "drizzle"),
    "Cloud Snow": ("weather", "snowy", "winter", "cold"),
    "Cloud Lightning": ("weather", "storm", "thunder", "thunderstorm", "bolt"),
    "Cloud Sun": ("weather", "partly cloudy", "forecast"),
    "Umbrella": ("rain", "weather", "protection", "insurance"),
    "Thermometer": ("temperature", "weather", "heat", "fever"),
    "Wind": ("weather", "breeze", "air", "windy"),
    "Snowflake": ("snow", "winter", "cold", "freeze", "frozen"),
    # Commerce
    "Shopping Cart": ("buy", "checkout", "basket", "store", "ecommerce"),
    "Shopping Bag": ("buy", "purchase", "store", "shop"),
    "Credit Card": ("payment", "pay", "debit", "purchase", "checkout"),
    "Tag": ("price", "label", "sale", "discount"),
    "Wallet": ("money", "payment", "purse", "finance"),
    "Receipt": ("invoice", "bill", "purchase", "order"),
    "Gift": ("present", "birthday", "reward", "surprise"),
    # Communication
    "Mail": ("email", "envelope", "message", "letter", "inbox"),
    "Chat Bubble": ("message", "comment", "conversation", "talk", "speech"),
    "Phone": ("call", "telephone", "contact", "dial"),
    "Bell": ("notification", "alert", "alarm", "reminder"),
    "Send": ("paper plane", "submit", "share", "message"),
    "At Sign": ("email", "mention", "address", "username"),
    "Inbox": ("mail", "messages", "tray", "received"),
    # Files
    "File": ("document", "page", "paper", "blank"),
    "File Text": ("document", "page", "notes", "article", "lines"),
    "Folder": ("directory", "files", "documents", "storage"),
    "Folder Plus": ("new", "add", "create", "directory"),
    "Clipboard": ("paste", "copy", "tasks", "notes"),
    "Archive": ("box", "storage", "backup", "store"),
    "Download": ("save", "get", "arrow down", "import"),
    "Upload": ("send", "arrow up", "export", "publish"),
    "Paperclip": ("attach", "attachment", "clip"),
    # Media
    "Play Circle": ("start", "video", "media", "resume"),
    "Pause Circle": ("hold", "media", "video", "wait"),
    "Camera": ("photo", "picture", "snapshot", "photography"),
    "Image": ("picture", "photo", "gallery", "landscape"),
    "Music Note": ("song", "audio", "melody", "sound"),
    "Microphone": ("mic", "record", "voice", "audio", "podcast"),
    "Video": ("movie", "film", "camcorder", "recording"),
    "Headphones": ("audio", "listen", "music", "headset", "support"),
    "Volume": ("sound", "speaker", "audio", "loud"),
    # Devices
    "Smartphone": ("mobile", "phone", "cellphone", "device"),
    "Tablet": ("ipad", "device", "screen"),
    "Laptop": ("computer", "notebook", "device", "macbook"),
    "Monitor": ("screen", "display", "desktop", "computer"),
    "Watch": ("smartwatch", "wristwatch", "wearable", "time"),
    "Printer": ("print", "paper", "office", "document"),
    "Battery": ("power", "charge", "energy", "level"),
    "Keyboard": ("typing", "keys", "input", "type"),
    # Navigation
    "Home": ("house", "start", "main", "homepage"),
    "Map Pin": ("location", "place", "marker", "address"),
    "Compass": ("direction", "explore", "navigation", "north"),
    "Map": ("location", "directions", "travel", "route"),
    "Globe": ("world", "earth", "internet", "international", "language"),
    "Flag": ("report", "milestone", "country", "mark"),
    "Navigation": ("gps", "direction", "pointer", "location", "arrow"),
    # People
    "User": ("person", "profile", "account", "avatar", "member"),
    "Users": ("people", "group", "team", "members", "community"),
    "User Plus": ("add person", "invite", "new member", "sign up", "register"),
    "Heart": ("like", "love", "favourite", "favorite", "health"),
    "Smile": ("happy", "emoji", "face", "emoticon", "smiley"),
    # Security
    "Lock": ("secure", "password", "private", "locked", "padlock"),
    "Unlock": ("open", "unlocked", "unsecure", "access"),
    "Shield": ("security", "protection", "safe", "guard", "antivirus"),
    "Shield Check": ("secure", "verified", "protected", "safe", "security"),
    "Key": ("password", "access", "login", "credentials"),
    "Eye": ("view", "visible", "show", "look", "watch"),
    # Interface
    "Settings": ("gear", "cog", "preferences", "options", "configuration"),
    "Search": ("find", "magnifier", "magnifying glass", "lookup", "zoom"),
    "Menu": ("hamburger", "bars", "navigation", "list", "lines"),
    "Check": ("tick", "done", "ok", "confirm", "success"),
    "Close": ("x", "cross", "cancel", "dismiss", "exit"),
    "Plus": ("add", "new", "create", "more"),
    "Star": ("favourite", "favorite", "rating", "bookmark"),
    "Trash": ("delete", "remove", "bin", "garbage", "discard"),
    "Calendar": ("date", "event", "schedule", "month", "appointment"),
    "Clock": ("time", "hour", "schedule", "history"),
    "Info": ("information", "about", "details", "help"),
    "Alert Triangle": ("warning", "caution", "danger", "error", "exclamation"),
    "Bookmark": ("save", "favourite", "read later", "ribbon"),
    "Filter": ("funnel", "sort", "refine", "narrow"),
    "Link": ("chain", "url", "hyperlink", "connect"),
}
