"""What a person types when looking for an icon by what it means, and the icons they would accept.

Plain data for `benchmarks/meaning.py` (issue 31's goals). The query words were written first, as a
designer or developer types them (single everyday words and two-word phrases), before any icon name was
looked at; no query was chosen or dropped for how a set names things. Then, per query and per set, the
icons a person would accept were looked up in @iconify/json 2.2.535 (`json/<prefix>.json`: icons not
hidden, and the parents of plain aliases; an alias with a rotation or flip is another drawing and left
out): Tabler `tabler`, Lucide `lucide`, MDI `mdi`, Phosphor `ph`, Font Awesome 7 as `fa7-solid`,
`fa7-regular` and `fa7-brands` (one set, "fa7", for the figures). Generous as a person is (several
acceptable drawings: a trash can, a bin with an x; a floppy disk or a download arrow for "save"), never
fitted to a search rule. A set is left out of a query only where it has no such icon (every query here
has at least one in each of the five sets).

Each value is the names, separated by spaces (`expected(query)` splits them). Each name is a glyph:
the benchmark counts its styles with it, as a person does (`tabler:trash` also accepts
`tabler:trash-filled`, `mdi:delete` `mdi:delete-outline`, `ph:trash` `ph:trash-bold`, `-duotone`,
`-fill`, `-light`, `-thin`); a name whose plain style does not exist is listed as it is. Icons "off"
or crossed out are left out except where the query means that ("mute", "hide", "dislike", "cancel").
Written before any synonym table or tag data existed in iconcat (issue 31), so neither is fitted to
these.

Corrected once, after the first run had listed what came first for each miss: eleven names a person
accepts that the lookup had missed were added (`tabler:moneybag` for "money", Font Awesome's power
button `fa7-solid:power-off` for "power" and "exit", `lucide:square-arrow-right-exit` for "exit", "log
out" and "sign out", `lucide:list-collapse` and Tabler's navbar collapse/expand, MDI's face profiles
for "profile"), and eleven that a person would not accept taken out (fire extinguishers, hydrants, fire
trucks and stations for "fire", Tabler's playing card `play-card` for "play").
"""

CASES: dict[str, str] = {
    "delete": (
        "tabler:trash tabler:trash-x lucide:trash mdi:delete mdi:delete-empty mdi:delete-forever "
        "mdi:delete-variant mdi:trash-can ph:trash ph:trash-simple fa7-solid:trash fa7-solid:trash-alt "
        "fa7-solid:trash-can fa7-regular:trash-alt fa7-regular:trash-can"
    ),
    "remove": (
        "tabler:backspace tabler:circle-minus tabler:circle-x tabler:minus tabler:square-minus "
        "tabler:square-rounded-minus tabler:trash tabler:trash-x tabler:x lucide:circle-minus lucide:circle-x "
        "lucide:delete lucide:minus lucide:square-minus lucide:trash lucide:x mdi:backspace mdi:close "
        "mdi:delete mdi:delete-forever mdi:delete-variant mdi:minus mdi:minus-box mdi:minus-circle "
        "mdi:trash-can ph:backspace ph:minus ph:minus-circle ph:minus-square ph:trash ph:trash-simple ph:x "
        "ph:x-circle fa7-solid:backspace fa7-solid:circle-minus fa7-solid:circle-xmark fa7-solid:close "
        "fa7-solid:minus fa7-solid:minus-circle fa7-solid:minus-square fa7-solid:remove "
        "fa7-solid:square-minus fa7-solid:trash fa7-solid:trash-alt fa7-solid:trash-can fa7-solid:x "
        "fa7-solid:xmark fa7-regular:circle-xmark fa7-regular:minus-square fa7-regular:square-minus "
        "fa7-regular:trash-alt fa7-regular:trash-can"
    ),
    "bin": (
        "tabler:recycle tabler:trash tabler:trash-x lucide:recycle lucide:trash mdi:delete mdi:delete-empty "
        "mdi:delete-variant mdi:recycle mdi:trash-can ph:recycle ph:trash ph:trash-simple fa7-solid:recycle "
        "fa7-solid:trash fa7-solid:trash-alt fa7-solid:trash-can fa7-regular:trash-alt fa7-regular:trash-can"
    ),
    "garbage": (
        "tabler:trash tabler:trash-x lucide:trash mdi:delete mdi:delete-empty mdi:delete-variant "
        "mdi:trash-can ph:trash ph:trash-simple fa7-solid:dumpster fa7-solid:trash fa7-solid:trash-alt "
        "fa7-solid:trash-can fa7-regular:trash-alt fa7-regular:trash-can"
    ),
    "profile": (
        "tabler:id tabler:id-badge tabler:user tabler:user-circle tabler:user-square "
        "tabler:user-square-rounded lucide:circle-user lucide:circle-user-round lucide:id-card "
        "lucide:square-user lucide:square-user-round lucide:user lucide:user-round mdi:account "
        "mdi:account-box mdi:account-circle mdi:account-details mdi:card-account-details mdi:face-man-profile "
        "mdi:face-woman-profile mdi:id-card ph:person ph:user ph:user-circle ph:user-rectangle ph:user-square "
        "fa7-solid:address-card fa7-solid:circle-user fa7-solid:id-badge fa7-solid:id-card fa7-solid:person "
        "fa7-solid:user fa7-solid:user-circle fa7-solid:user-large fa7-regular:address-card "
        "fa7-regular:circle-user fa7-regular:id-badge fa7-regular:id-card fa7-regular:user "
        "fa7-regular:user-circle fa7-regular:user-large"
    ),
    "avatar": (
        "tabler:user tabler:user-circle tabler:user-square tabler:user-square-rounded lucide:circle-user "
        "lucide:circle-user-round lucide:square-user lucide:square-user-round lucide:user lucide:user-round "
        "mdi:account mdi:account-box mdi:account-circle mdi:face-man-profile ph:person ph:user ph:user-circle "
        "ph:user-circle-dashed ph:user-square fa7-solid:circle-user fa7-solid:person fa7-solid:user "
        "fa7-solid:user-circle fa7-regular:circle-user fa7-regular:user fa7-regular:user-circle"
    ),
    "account": (
        "tabler:user tabler:user-circle tabler:user-square tabler:user-square-rounded lucide:circle-user "
        "lucide:circle-user-round lucide:square-user lucide:square-user-round lucide:user lucide:user-round "
        "mdi:account mdi:account-box mdi:account-circle ph:person ph:user ph:user-circle ph:user-square "
        "fa7-solid:circle-user fa7-solid:person fa7-solid:user fa7-solid:user-circle fa7-regular:circle-user "
        "fa7-regular:user fa7-regular:user-circle"
    ),
    "user": (
        "tabler:user tabler:user-circle tabler:user-square tabler:user-square-rounded lucide:circle-user "
        "lucide:circle-user-round lucide:square-user lucide:square-user-round lucide:user lucide:user-round "
        "mdi:account mdi:account-box mdi:account-circle ph:person ph:user ph:user-circle ph:user-square "
        "fa7-solid:circle-user fa7-solid:person fa7-solid:user fa7-solid:user-circle fa7-solid:user-large "
        "fa7-regular:circle-user fa7-regular:user fa7-regular:user-circle fa7-regular:user-large"
    ),
    "save": (
        "tabler:device-floppy tabler:download lucide:download lucide:save mdi:content-save "
        "mdi:content-save-all mdi:download mdi:floppy ph:download ph:download-simple ph:floppy-disk "
        "ph:floppy-disk-back fa7-solid:download fa7-solid:floppy-disk fa7-solid:save fa7-regular:floppy-disk "
        "fa7-regular:save"
    ),
    "envelope": (
        "tabler:mail tabler:mail-opened lucide:mail lucide:mail-open mdi:email mdi:email-open mdi:mail "
        "ph:envelope ph:envelope-open ph:envelope-simple ph:envelope-simple-open fa7-solid:envelope "
        "fa7-solid:envelope-open fa7-regular:envelope fa7-regular:envelope-open"
    ),
    "email": (
        "tabler:at tabler:mail tabler:mail-opened lucide:at-sign lucide:mail lucide:mail-open mdi:at "
        "mdi:email mdi:email-open mdi:mail ph:at ph:envelope ph:envelope-open ph:envelope-simple "
        "ph:envelope-simple-open fa7-solid:at fa7-solid:envelope fa7-solid:envelope-open fa7-regular:envelope "
        "fa7-regular:envelope-open"
    ),
    "message": (
        "tabler:mail tabler:message tabler:message-2 tabler:message-circle tabler:message-dots "
        "tabler:message-reply tabler:messages lucide:mail lucide:message-circle lucide:message-square "
        "mdi:chat mdi:comment mdi:comment-text mdi:email mdi:mail mdi:message mdi:message-processing "
        "mdi:message-reply mdi:message-text ph:chat ph:chat-centered ph:chat-circle ph:chat-dots "
        "ph:chat-teardrop ph:chat-text ph:envelope ph:envelope-simple fa7-solid:comment "
        "fa7-solid:comment-dots fa7-solid:envelope fa7-solid:message fa7-regular:comment "
        "fa7-regular:comment-dots fa7-regular:envelope fa7-regular:message"
    ),
    "chat": (
        "tabler:message tabler:message-2 tabler:message-chatbot tabler:message-circle tabler:message-dots "
        "tabler:messages lucide:message-circle lucide:message-square lucide:messages-square mdi:chat "
        "mdi:chat-processing mdi:comment mdi:comment-multiple mdi:comment-text mdi:comment-text-multiple "
        "mdi:forum mdi:message mdi:message-processing mdi:message-text ph:chat ph:chat-centered "
        "ph:chat-centered-dots ph:chat-circle ph:chat-circle-dots ph:chat-dots ph:chat-teardrop "
        "ph:chat-teardrop-text ph:chat-text ph:chats ph:chats-circle ph:chats-teardrop fa7-solid:comment "
        "fa7-solid:comment-dots fa7-solid:comments fa7-solid:message fa7-regular:comment "
        "fa7-regular:comment-dots fa7-regular:comments fa7-regular:message"
    ),
    "gear": (
        "tabler:settings tabler:settings-2 lucide:cog lucide:settings lucide:settings-2 mdi:cog mdi:cogs "
        "ph:gear ph:gear-fine ph:gear-six fa7-solid:cog fa7-solid:cogs fa7-solid:gear fa7-solid:gears"
    ),
    "settings": (
        "tabler:adjustments tabler:adjustments-alt tabler:adjustments-horizontal tabler:settings "
        "tabler:settings-2 lucide:cog lucide:settings lucide:settings-2 lucide:sliders-horizontal "
        "lucide:sliders-vertical mdi:cog mdi:tune mdi:tune-variant mdi:tune-vertical ph:gear ph:gear-fine "
        "ph:gear-six ph:sliders ph:sliders-horizontal fa7-solid:cog fa7-solid:gear fa7-solid:sliders "
        "fa7-solid:sliders-h"
    ),
    "preferences": (
        "tabler:adjustments tabler:adjustments-alt tabler:adjustments-horizontal tabler:settings "
        "tabler:settings-2 lucide:cog lucide:settings lucide:settings-2 lucide:sliders-horizontal "
        "lucide:sliders-vertical mdi:cog mdi:tune mdi:tune-variant mdi:tune-vertical ph:gear ph:gear-fine "
        "ph:gear-six ph:sliders ph:sliders-horizontal fa7-solid:cog fa7-solid:gear fa7-solid:sliders "
        "fa7-solid:sliders-h"
    ),
    "settings user": (
        "tabler:user-cog lucide:user-cog lucide:user-round-cog mdi:account-cog mdi:account-settings "
        "mdi:account-wrench ph:user-circle-gear ph:user-gear fa7-solid:user-cog fa7-solid:user-gear "
        "fa7-solid:users-gear"
    ),
    "log out": (
        "tabler:door-exit tabler:logout tabler:logout-2 lucide:door-open lucide:log-out "
        "lucide:square-arrow-right-exit mdi:door-open mdi:exit-to-app mdi:logout mdi:logout-variant "
        "ph:arrow-square-out ph:door-open ph:sign-out fa7-solid:arrow-right-from-bracket fa7-solid:door-open "
        "fa7-solid:right-from-bracket fa7-solid:sign-out fa7-solid:sign-out-alt"
    ),
    "log in": (
        "tabler:door-enter tabler:login tabler:login-2 lucide:log-in mdi:login mdi:login-variant ph:sign-in "
        "fa7-solid:arrow-right-to-bracket fa7-solid:right-to-bracket fa7-solid:sign-in fa7-solid:sign-in-alt"
    ),
    "sign out": (
        "tabler:door-exit tabler:logout tabler:logout-2 lucide:log-out lucide:square-arrow-right-exit "
        "mdi:exit-to-app mdi:logout mdi:logout-variant ph:sign-out fa7-solid:arrow-right-from-bracket "
        "fa7-solid:right-from-bracket fa7-solid:sign-out fa7-solid:sign-out-alt"
    ),
    "shopping cart": (
        "tabler:shopping-cart lucide:shopping-basket lucide:shopping-cart mdi:basket mdi:cart "
        "mdi:cart-variant ph:shopping-cart ph:shopping-cart-simple fa7-solid:basket-shopping "
        "fa7-solid:cart-shopping fa7-solid:shopping-basket fa7-solid:shopping-cart"
    ),
    "basket": (
        "tabler:basket lucide:shopping-basket mdi:basket mdi:basket-fill ph:basket fa7-solid:basket-shopping "
        "fa7-solid:shopping-basket"
    ),
    "notification": (
        "tabler:bell tabler:bell-ringing tabler:bell-ringing-2 tabler:bell-z tabler:notification lucide:bell "
        "lucide:bell-dot lucide:bell-ring mdi:bell mdi:bell-badge mdi:bell-ring ph:bell ph:bell-ringing "
        "ph:bell-simple ph:bell-simple-ringing ph:bell-z ph:notification fa7-solid:bell fa7-regular:bell"
    ),
    "alert": (
        "tabler:alert-circle tabler:alert-hexagon tabler:alert-octagon tabler:alert-square "
        "tabler:alert-square-rounded tabler:alert-triangle tabler:bell tabler:bell-ringing "
        "tabler:exclamation-circle lucide:bell lucide:circle-alert lucide:octagon-alert lucide:siren "
        "lucide:triangle-alert mdi:alarm-light mdi:alert mdi:alert-circle mdi:alert-octagon mdi:bell "
        "mdi:exclamation ph:bell ph:bell-ringing ph:siren ph:warning ph:warning-circle ph:warning-diamond "
        "ph:warning-octagon fa7-solid:bell fa7-solid:circle-exclamation fa7-solid:exclamation "
        "fa7-solid:exclamation-circle fa7-solid:exclamation-triangle fa7-solid:triangle-exclamation "
        "fa7-solid:warning fa7-regular:bell"
    ),
    "warning": (
        "tabler:alert-circle tabler:alert-hexagon tabler:alert-octagon tabler:alert-square "
        "tabler:alert-square-rounded tabler:alert-triangle tabler:exclamation-circle lucide:circle-alert "
        "lucide:octagon-alert lucide:triangle-alert mdi:alert mdi:alert-circle mdi:alert-octagon "
        "mdi:exclamation ph:warning ph:warning-circle ph:warning-diamond ph:warning-octagon "
        "fa7-solid:circle-exclamation fa7-solid:exclamation fa7-solid:exclamation-circle "
        "fa7-solid:exclamation-triangle fa7-solid:triangle-exclamation fa7-solid:warning"
    ),
    "error": (
        "tabler:alert-circle tabler:alert-hexagon tabler:alert-octagon tabler:alert-square "
        "tabler:alert-square-rounded tabler:alert-triangle tabler:circle-x tabler:exclamation-circle "
        "lucide:circle-alert lucide:circle-x lucide:octagon-alert lucide:octagon-x lucide:triangle-alert "
        "mdi:alert mdi:alert-circle mdi:alert-octagon mdi:close-circle ph:warning ph:warning-circle "
        "ph:warning-diamond ph:warning-octagon ph:x-circle fa7-solid:circle-exclamation "
        "fa7-solid:circle-xmark fa7-solid:exclamation-circle fa7-solid:triangle-exclamation fa7-solid:warning "
        "fa7-solid:xmark-circle fa7-regular:circle-xmark fa7-regular:xmark-circle"
    ),
    "info": (
        "tabler:info-circle tabler:info-hexagon tabler:info-octagon tabler:info-square "
        "tabler:info-square-rounded tabler:info-triangle lucide:info mdi:information "
        "mdi:information-slab-circle mdi:information-variant ph:info fa7-solid:circle-info fa7-solid:info "
        "fa7-solid:info-circle"
    ),
    "help": (
        "tabler:help tabler:help-circle tabler:help-hexagon tabler:help-octagon tabler:help-square "
        "tabler:help-square-rounded tabler:help-triangle tabler:lifebuoy tabler:message-circle-question "
        "tabler:question-mark lucide:badge-question-mark lucide:circle-question-mark "
        "lucide:message-circle-question-mark mdi:handshake mdi:help mdi:help-box mdi:help-circle mdi:lifebuoy "
        "ph:lifebuoy ph:question ph:question-mark fa7-solid:circle-question fa7-solid:life-ring "
        "fa7-solid:question fa7-solid:question-circle fa7-regular:circle-question fa7-regular:life-ring "
        "fa7-regular:question-circle"
    ),
    "calendar": (
        "tabler:calendar tabler:calendar-check tabler:calendar-clock tabler:calendar-event "
        "tabler:calendar-month tabler:calendar-week lucide:calendar lucide:calendar-check "
        "lucide:calendar-clock lucide:calendar-days mdi:calendar mdi:calendar-blank mdi:calendar-check "
        "mdi:calendar-clock mdi:calendar-month mdi:calendar-today mdi:calendar-week ph:calendar "
        "ph:calendar-blank ph:calendar-check ph:calendar-dots fa7-solid:calendar fa7-solid:calendar-check "
        "fa7-solid:calendar-day fa7-solid:calendar-days fa7-solid:calendar-week fa7-regular:calendar "
        "fa7-regular:calendar-check fa7-regular:calendar-days"
    ),
    "schedule": (
        "tabler:calendar tabler:calendar-check tabler:calendar-clock tabler:calendar-event "
        "tabler:calendar-month tabler:calendar-time tabler:calendar-week tabler:clock tabler:clock-hour-4 "
        "lucide:calendar lucide:calendar-check lucide:calendar-clock lucide:calendar-days lucide:clock "
        "mdi:calendar mdi:calendar-blank mdi:calendar-check mdi:calendar-clock mdi:calendar-month "
        "mdi:calendar-today mdi:calendar-week mdi:clock mdi:timetable ph:calendar ph:calendar-blank "
        "ph:calendar-check ph:calendar-dots ph:clock fa7-solid:calendar fa7-solid:calendar-check "
        "fa7-solid:calendar-days fa7-solid:calendar-week fa7-solid:clock fa7-regular:calendar "
        "fa7-regular:calendar-check fa7-regular:calendar-days fa7-regular:clock"
    ),
    "clock": (
        "tabler:alarm tabler:clock tabler:clock-12 tabler:clock-2 tabler:clock-24 tabler:clock-hour-1 "
        "tabler:clock-hour-10 tabler:clock-hour-11 tabler:clock-hour-12 tabler:clock-hour-2 "
        "tabler:clock-hour-3 tabler:clock-hour-4 tabler:clock-hour-5 tabler:clock-hour-6 tabler:clock-hour-7 "
        "tabler:clock-hour-8 tabler:clock-hour-9 lucide:alarm-clock lucide:clock lucide:clock-1 "
        "lucide:clock-10 lucide:clock-11 lucide:clock-12 lucide:clock-2 lucide:clock-3 lucide:clock-4 "
        "lucide:clock-5 lucide:clock-6 lucide:clock-7 lucide:clock-8 lucide:clock-9 lucide:watch mdi:alarm "
        "mdi:clock mdi:clock-time-eight mdi:watch ph:alarm ph:clock ph:watch fa7-solid:alarm-clock "
        "fa7-solid:clock fa7-solid:clock-four fa7-regular:alarm-clock fa7-regular:clock "
        "fa7-regular:clock-four"
    ),
    "dark mode": (
        "tabler:brightness-2 tabler:circle-half tabler:contrast tabler:contrast-2 tabler:moon tabler:moon-2 "
        "tabler:moon-stars tabler:sun-moon lucide:contrast lucide:moon lucide:moon-star lucide:sun-moon "
        "mdi:brightness-2 mdi:brightness-3 mdi:circle-half mdi:circle-half-full mdi:contrast "
        "mdi:moon-waning-crescent mdi:theme-light-dark mdi:weather-night ph:circle-half ph:circle-half-tilt "
        "ph:moon ph:moon-stars fa7-solid:circle-half-stroke fa7-solid:moon fa7-regular:moon"
    ),
    "light mode": (
        "tabler:sun tabler:sun-high tabler:sun-moon lucide:sun lucide:sun-dim lucide:sun-medium "
        "lucide:sun-moon mdi:brightness-5 mdi:brightness-6 mdi:brightness-7 mdi:theme-light-dark "
        "mdi:weather-sunny mdi:white-balance-sunny ph:sun ph:sun-dim ph:sun-horizon fa7-solid:sun "
        "fa7-regular:sun"
    ),
    "upload": (
        "tabler:cloud-up tabler:cloud-upload tabler:file-upload tabler:upload lucide:cloud-upload "
        "lucide:upload mdi:cloud-arrow-up mdi:cloud-upload mdi:export mdi:file-upload mdi:tray-arrow-up "
        "mdi:upload mdi:upload-network ph:cloud-arrow-up ph:export ph:file-arrow-up ph:tray-arrow-up "
        "ph:upload ph:upload-simple fa7-solid:arrow-up-from-bracket fa7-solid:cloud-arrow-up "
        "fa7-solid:cloud-upload fa7-solid:file-arrow-up fa7-solid:file-upload fa7-solid:upload"
    ),
    "download": (
        "tabler:cloud-down tabler:cloud-download tabler:download tabler:file-download lucide:cloud-download "
        "lucide:download mdi:cloud-arrow-down mdi:cloud-download mdi:download mdi:download-network "
        "mdi:file-download mdi:tray-arrow-down ph:cloud-arrow-down ph:download ph:download-simple "
        "ph:file-arrow-down ph:tray-arrow-down fa7-solid:cloud-arrow-down fa7-solid:cloud-download "
        "fa7-solid:download fa7-solid:file-arrow-down fa7-solid:file-download"
    ),
    "share": (
        "tabler:share tabler:share-2 tabler:share-3 lucide:share lucide:share-2 mdi:export mdi:share "
        "mdi:share-all mdi:share-variant ph:export ph:share ph:share-fat ph:share-network "
        "fa7-solid:arrow-up-from-bracket fa7-solid:share fa7-solid:share-alt fa7-solid:share-from-square "
        "fa7-solid:share-nodes fa7-solid:share-square fa7-regular:share-from-square fa7-regular:share-square"
    ),
    "favorite": (
        "tabler:heart tabler:heart-plus tabler:star lucide:heart lucide:heart-plus lucide:star mdi:heart "
        "mdi:heart-plus mdi:star ph:heart ph:heart-straight ph:star ph:star-four fa7-solid:heart "
        "fa7-solid:star fa7-regular:heart fa7-regular:star"
    ),
    "like": (
        "tabler:heart tabler:thumb-up lucide:heart lucide:thumbs-up mdi:heart mdi:thumb-up ph:heart "
        "ph:heart-straight ph:thumbs-up fa7-solid:heart fa7-solid:thumbs-up fa7-regular:heart "
        "fa7-regular:thumbs-up"
    ),
    "dislike": (
        "tabler:heart-broken tabler:heart-off tabler:thumb-down lucide:heart-crack lucide:heart-off "
        "lucide:thumbs-down mdi:heart-broken mdi:heart-off mdi:thumb-down ph:heart-break ph:thumbs-down "
        "fa7-solid:heart-broken fa7-solid:heart-crack fa7-solid:thumbs-down fa7-regular:thumbs-down"
    ),
    "bookmark": (
        "tabler:bookmark tabler:bookmark-minus tabler:bookmark-plus tabler:bookmarks lucide:bookmark "
        "lucide:bookmark-check lucide:bookmark-minus lucide:bookmark-plus mdi:bookmark mdi:bookmark-check "
        "mdi:bookmark-minus mdi:bookmark-multiple mdi:bookmark-plus ph:bookmark ph:bookmark-simple "
        "ph:bookmarks ph:bookmarks-simple fa7-solid:bookmark fa7-regular:bookmark"
    ),
    "lock": (
        "tabler:lock tabler:lock-square tabler:lock-square-rounded lucide:lock lucide:lock-keyhole mdi:lock "
        "ph:lock ph:lock-key ph:lock-laminated ph:lock-simple fa7-solid:lock"
    ),
    "unlock": (
        "tabler:lock-open tabler:lock-open-2 lucide:lock-keyhole-open lucide:lock-open mdi:lock-open "
        "mdi:lock-open-variant ph:lock-open ph:lock-simple-open fa7-solid:lock-open fa7-solid:unlock "
        "fa7-solid:unlock-alt"
    ),
    "password": (
        "tabler:asterisk tabler:key tabler:lock tabler:password tabler:password-user tabler:shield-lock "
        "lucide:asterisk lucide:key lucide:key-round lucide:lock lucide:lock-keyhole "
        "lucide:rectangle-ellipsis lucide:shield-lock mdi:asterisk mdi:form-textbox-lock "
        "mdi:form-textbox-password mdi:key mdi:key-chain mdi:key-variant mdi:lock mdi:shield-lock ph:asterisk "
        "ph:key ph:lock ph:lock-key ph:lock-simple ph:password fa7-solid:asterisk fa7-solid:key "
        "fa7-solid:lock"
    ),
    "undo": (
        "tabler:arrow-back-up lucide:rotate-ccw lucide:undo lucide:undo-2 lucide:undo-dot mdi:arrow-u-up-left "
        "mdi:rotate-left mdi:undo mdi:undo-variant ph:arrow-bend-up-left ph:arrow-counter-clockwise "
        "ph:arrow-u-up-left fa7-solid:arrow-rotate-left fa7-solid:rotate-left fa7-solid:undo "
        "fa7-solid:undo-alt"
    ),
    "redo": (
        "tabler:arrow-forward-up lucide:redo lucide:redo-2 lucide:redo-dot lucide:rotate-cw "
        "mdi:arrow-u-up-right mdi:redo mdi:redo-variant mdi:rotate-right ph:arrow-bend-up-right "
        "ph:arrow-clockwise ph:arrow-u-up-right fa7-solid:arrow-rotate-right fa7-solid:redo "
        "fa7-solid:redo-alt fa7-solid:rotate-right"
    ),
    "refresh": (
        "tabler:refresh tabler:refresh-alert tabler:refresh-dot tabler:reload tabler:rotate "
        "lucide:refresh-ccw lucide:refresh-cw lucide:rotate-ccw lucide:rotate-cw mdi:autorenew mdi:cached "
        "mdi:refresh mdi:refresh-circle mdi:reload mdi:restart mdi:rotate-left mdi:rotate-right mdi:sync "
        "mdi:update ph:arrow-clockwise ph:arrow-counter-clockwise ph:arrows-clockwise "
        "ph:arrows-counter-clockwise fa7-solid:arrow-rotate-left fa7-solid:arrow-rotate-right "
        "fa7-solid:arrows-rotate fa7-solid:refresh fa7-solid:rotate fa7-solid:rotate-left "
        "fa7-solid:rotate-right fa7-solid:sync"
    ),
    "sync": (
        "tabler:arrows-exchange tabler:refresh tabler:refresh-dot tabler:rotate lucide:cloud-sync "
        "lucide:folder-sync lucide:refresh-ccw lucide:refresh-cw lucide:rotate-ccw lucide:rotate-cw "
        "mdi:autorenew mdi:cached mdi:cloud-sync mdi:folder-sync mdi:refresh mdi:sync ph:arrows-clockwise "
        "ph:arrows-counter-clockwise fa7-solid:arrows-rotate fa7-solid:refresh fa7-solid:rotate "
        "fa7-solid:sync fa7-solid:sync-alt"
    ),
    "print": "tabler:printer lucide:printer mdi:printer ph:printer fa7-solid:print",
    "phone": (
        "tabler:device-mobile tabler:phone tabler:phone-call tabler:phone-incoming tabler:phone-outgoing "
        "tabler:phone-ringing lucide:phone lucide:phone-call lucide:phone-incoming lucide:phone-outgoing "
        "lucide:smartphone mdi:cellphone mdi:deskphone mdi:phone mdi:phone-classic mdi:phone-incoming "
        "mdi:phone-outgoing ph:device-mobile ph:phone ph:phone-call ph:phone-incoming ph:phone-outgoing "
        "fa7-solid:mobile fa7-solid:mobile-alt fa7-solid:mobile-button fa7-solid:mobile-phone "
        "fa7-solid:mobile-retro fa7-solid:mobile-screen fa7-solid:phone fa7-solid:phone-flip "
        "fa7-solid:phone-volume"
    ),
    "call": (
        "tabler:phone tabler:phone-call tabler:phone-calling tabler:phone-incoming tabler:phone-outgoing "
        "tabler:phone-plus tabler:phone-ringing lucide:phone lucide:phone-call lucide:phone-incoming "
        "lucide:phone-outgoing mdi:deskphone mdi:phone mdi:phone-classic mdi:phone-in-talk mdi:phone-incoming "
        "mdi:phone-outgoing mdi:phone-plus ph:phone ph:phone-call ph:phone-incoming ph:phone-outgoing "
        "ph:phone-plus fa7-solid:phone fa7-solid:phone-flip fa7-solid:phone-volume"
    ),
    "location": (
        "tabler:current-location tabler:gps tabler:location tabler:location-pin tabler:map-pin "
        "tabler:map-pin-2 tabler:map-pin-check tabler:map-pinned tabler:navigation tabler:pin lucide:map-pin "
        "lucide:map-pin-check lucide:map-pinned lucide:navigation lucide:pin mdi:crosshairs "
        "mdi:crosshairs-gps mdi:map-marker mdi:map-marker-radius mdi:navigation mdi:pin ph:gps ph:map-pin "
        "ph:map-pin-area ph:map-pin-line ph:map-pin-simple ph:map-pin-simple-area ph:navigation-arrow "
        "fa7-solid:crosshairs fa7-solid:location fa7-solid:location-arrow fa7-solid:location-crosshairs "
        "fa7-solid:location-dot fa7-solid:location-pin fa7-solid:map-location fa7-solid:map-location-dot "
        "fa7-solid:map-marker fa7-solid:map-marker-alt fa7-solid:map-pin"
    ),
    "map": (
        "tabler:compass tabler:map tabler:map-2 tabler:map-pin tabler:map-search lucide:compass lucide:map "
        "lucide:map-pin mdi:compass mdi:map mdi:map-legend mdi:map-marker mdi:map-search ph:compass "
        "ph:map-pin ph:map-trifold fa7-solid:compass fa7-solid:map fa7-solid:map-location "
        "fa7-solid:map-location-dot fa7-solid:map-marker fa7-solid:map-pin fa7-regular:compass "
        "fa7-regular:map"
    ),
    "search": (
        "tabler:file-search tabler:search tabler:zoom tabler:zoom-in lucide:file-search lucide:search "
        "lucide:text-search lucide:zoom-in mdi:file-search mdi:magnify mdi:magnify-plus mdi:search-web "
        "mdi:text-search ph:magnifying-glass fa7-solid:magnifying-glass fa7-solid:search"
    ),
    "find": (
        "tabler:binoculars tabler:file-search tabler:search tabler:zoom lucide:binoculars lucide:file-search "
        "lucide:search lucide:search-check lucide:text-search mdi:binoculars mdi:file-find mdi:file-search "
        "mdi:find-replace mdi:magnify mdi:magnify-scan mdi:search-web mdi:text-search ph:binoculars "
        "ph:magnifying-glass fa7-solid:binoculars fa7-solid:magnifying-glass fa7-solid:search"
    ),
    "zoom in": (
        "tabler:zoom-in tabler:zoom-in-area lucide:zoom-in mdi:loupe mdi:magnify-plus "
        "ph:magnifying-glass-plus fa7-solid:magnifying-glass-plus fa7-solid:search-plus"
    ),
    "home": (
        "tabler:home tabler:home-2 tabler:home-heart lucide:house mdi:home mdi:home-account mdi:home-heart "
        "mdi:home-modern mdi:home-roof mdi:home-variant ph:house ph:house-line ph:house-simple fa7-solid:home "
        "fa7-solid:home-alt fa7-solid:house fa7-solid:house-chimney fa7-solid:house-crack "
        "fa7-solid:house-user fa7-regular:home fa7-regular:home-alt fa7-regular:house"
    ),
    "close": (
        "tabler:circle-x tabler:square-rounded-x tabler:square-x tabler:x lucide:circle-x lucide:octagon-x "
        "lucide:square-x lucide:x mdi:close mdi:close-box mdi:close-circle mdi:close-octagon mdi:close-thick "
        "mdi:window-close ph:x ph:x-circle ph:x-square fa7-solid:circle-xmark fa7-solid:close "
        "fa7-solid:rectangle-xmark fa7-solid:remove fa7-solid:square-xmark fa7-solid:times "
        "fa7-solid:times-circle fa7-solid:window-close fa7-solid:x fa7-solid:xmark fa7-solid:xmark-circle "
        "fa7-regular:circle-xmark fa7-regular:rectangle-xmark fa7-regular:times-circle "
        "fa7-regular:window-close fa7-regular:xmark-circle"
    ),
    "cancel": (
        "tabler:ban tabler:cancel tabler:circle-off tabler:circle-x tabler:forbid tabler:square-x tabler:x "
        "lucide:ban lucide:circle-off lucide:circle-slash lucide:circle-x lucide:octagon-x lucide:square-x "
        "lucide:x mdi:block-helper mdi:cancel mdi:circle-off-outline mdi:close mdi:close-box mdi:close-circle "
        "mdi:close-octagon mdi:close-thick ph:prohibit ph:x ph:x-circle ph:x-square fa7-solid:ban "
        "fa7-solid:cancel fa7-solid:circle-xmark fa7-solid:close fa7-solid:times fa7-solid:x fa7-solid:xmark "
        "fa7-regular:circle-xmark"
    ),
    "menu": (
        "tabler:dots tabler:dots-vertical tabler:menu tabler:menu-2 tabler:menu-3 tabler:menu-4 "
        "tabler:menu-deep lucide:ellipsis lucide:ellipsis-vertical lucide:hamburger lucide:menu "
        "lucide:text-align-justify mdi:dots-horizontal mdi:dots-vertical mdi:hamburger mdi:menu mdi:menu-open "
        "ph:dots-three ph:dots-three-outline ph:dots-three-vertical ph:equals ph:hamburger ph:list-bullets "
        "ph:text-align-justify fa7-solid:align-justify fa7-solid:bars fa7-solid:bars-staggered "
        "fa7-solid:ellipsis fa7-solid:ellipsis-vertical fa7-solid:equals fa7-solid:hamburger"
    ),
    "hamburger": (
        "tabler:burger tabler:menu tabler:menu-2 tabler:menu-3 tabler:menu-4 tabler:menu-deep "
        "lucide:hamburger lucide:menu lucide:text-align-justify mdi:food mdi:hamburger mdi:menu ph:hamburger "
        "ph:text-align-justify fa7-solid:align-justify fa7-solid:bars fa7-solid:bars-staggered "
        "fa7-solid:burger fa7-solid:hamburger"
    ),
    "edit": (
        "tabler:edit tabler:edit-circle tabler:pencil tabler:writing lucide:file-pen lucide:pen "
        "lucide:pen-line lucide:pen-tool lucide:pencil lucide:pencil-line lucide:square-pen mdi:file-edit "
        "mdi:note-edit mdi:notebook-edit mdi:pen mdi:pencil mdi:pencil-box mdi:pencil-circle ph:pen "
        "ph:pen-nib ph:pencil ph:pencil-line ph:pencil-simple ph:pencil-simple-line fa7-solid:edit "
        "fa7-solid:file-edit fa7-solid:file-pen fa7-solid:pen fa7-solid:pen-clip fa7-solid:pen-fancy "
        "fa7-solid:pen-nib fa7-solid:pen-square fa7-solid:pen-to-square fa7-solid:pencil fa7-solid:pencil-alt "
        "fa7-solid:pencil-square fa7-solid:square-pen fa7-regular:edit fa7-regular:pen-to-square"
    ),
    "write": (
        "tabler:edit tabler:feather tabler:pencil tabler:writing lucide:feather lucide:file-pen "
        "lucide:notebook-pen lucide:pen lucide:pen-line lucide:pen-tool lucide:pencil lucide:pencil-line "
        "lucide:pencil-ruler lucide:square-pen mdi:draw mdi:feather mdi:fountain-pen mdi:fountain-pen-tip "
        "mdi:lead-pencil mdi:note-edit mdi:pen mdi:pencil mdi:pencil-box mdi:pencil-ruler mdi:text-box-edit "
        "ph:feather ph:pen ph:pen-nib ph:pencil ph:pencil-line ph:pencil-ruler ph:pencil-simple "
        "ph:pencil-simple-line fa7-solid:edit fa7-solid:feather fa7-solid:file-pen fa7-solid:pen "
        "fa7-solid:pen-clip fa7-solid:pen-fancy fa7-solid:pen-nib fa7-solid:pen-square "
        "fa7-solid:pen-to-square fa7-solid:pencil fa7-solid:pencil-alt fa7-solid:pencil-ruler "
        "fa7-solid:pencil-square fa7-solid:square-pen fa7-regular:edit fa7-regular:pen-to-square"
    ),
    "copy": (
        "tabler:clipboard-copy tabler:copy tabler:copy-check tabler:copy-minus tabler:copy-plus "
        "tabler:duplicate tabler:files lucide:clipboard-copy lucide:copy lucide:copy-check lucide:copy-minus "
        "lucide:copy-plus lucide:files mdi:content-copy mdi:file-multiple ph:copy ph:copy-simple ph:files "
        "fa7-solid:clone fa7-solid:copy fa7-regular:clone fa7-regular:copy"
    ),
    "paste": (
        "tabler:clipboard tabler:clipboard-check tabler:clipboard-copy tabler:clipboard-list "
        "tabler:clipboard-plus tabler:clipboard-text lucide:clipboard lucide:clipboard-check "
        "lucide:clipboard-copy lucide:clipboard-list lucide:clipboard-paste lucide:clipboard-plus "
        "mdi:clipboard mdi:clipboard-arrow-left mdi:clipboard-check mdi:clipboard-list mdi:clipboard-plus "
        "mdi:clipboard-text mdi:content-paste ph:clipboard ph:clipboard-text fa7-solid:clipboard "
        "fa7-solid:clipboard-check fa7-solid:clipboard-list fa7-solid:paste fa7-regular:clipboard "
        "fa7-regular:paste"
    ),
    "cut": (
        "tabler:cut tabler:scissors lucide:scissors mdi:content-cut mdi:scissors-cutting ph:scissors "
        "fa7-solid:cut fa7-solid:scissors"
    ),
    "add": (
        "tabler:circle-plus tabler:plus tabler:square-plus tabler:square-rounded-plus lucide:circle-plus "
        "lucide:plus lucide:square-plus mdi:plus mdi:plus-box mdi:plus-circle mdi:plus-thick ph:plus "
        "ph:plus-circle ph:plus-minus ph:plus-square fa7-solid:add fa7-solid:circle-plus fa7-solid:plus "
        "fa7-solid:plus-circle fa7-solid:plus-square fa7-solid:square-plus fa7-regular:plus-square "
        "fa7-regular:square-plus"
    ),
    "new": (
        "tabler:circle-plus tabler:file-plus tabler:folder-plus tabler:new-section tabler:plus "
        "tabler:square-plus tabler:square-rounded-plus lucide:circle-plus lucide:file-plus lucide:folder-plus "
        "lucide:plus lucide:square-pen lucide:square-plus mdi:file-document-plus mdi:file-plus "
        "mdi:folder-plus mdi:new-box mdi:note-plus mdi:plus mdi:plus-box mdi:plus-circle mdi:plus-thick "
        "ph:file-plus ph:folder-plus ph:plus ph:plus-circle ph:plus-square fa7-solid:circle-plus "
        "fa7-solid:file-circle-plus fa7-solid:folder-plus fa7-solid:pen-to-square fa7-solid:plus "
        "fa7-solid:plus-circle fa7-solid:plus-square fa7-solid:square-pen fa7-solid:square-plus "
        "fa7-regular:pen-to-square fa7-regular:plus-square fa7-regular:square-plus"
    ),
    "done": (
        "tabler:check tabler:checkbox tabler:checks tabler:circle-check tabler:rosette-discount-check "
        "tabler:square-check lucide:badge-check lucide:check lucide:check-check lucide:circle-check "
        "lucide:circle-check-big lucide:square-check lucide:square-check-big mdi:check mdi:check-all "
        "mdi:check-bold mdi:check-circle mdi:check-decagram mdi:check-underline mdi:checkbox-marked "
        "mdi:checkbox-marked-circle mdi:checkbox-outline ph:check ph:check-circle ph:check-fat "
        "ph:check-square ph:checks ph:seal-check fa7-solid:check fa7-solid:check-circle "
        "fa7-solid:check-double fa7-solid:check-square fa7-solid:check-to-slot fa7-solid:circle-check "
        "fa7-solid:square-check fa7-regular:check-circle fa7-regular:check-square fa7-regular:circle-check "
        "fa7-regular:square-check"
    ),
    "filter": (
        "tabler:filter tabler:filter-2 tabler:filter-check tabler:filter-cog tabler:filter-plus lucide:funnel "
        "lucide:funnel-plus lucide:list-filter mdi:filter mdi:filter-check mdi:filter-cog mdi:filter-plus "
        "mdi:filter-variant mdi:numeric-2-box-multiple ph:funnel ph:funnel-simple fa7-solid:filter"
    ),
    "sort": (
        "tabler:arrows-down-up tabler:arrows-sort tabler:arrows-up-down tabler:sort-a-z tabler:sort-ascending "
        "tabler:sort-ascending-letters tabler:sort-descending tabler:sort-descending-letters tabler:sort-z-a "
        "lucide:arrow-down-a-z lucide:arrow-down-narrow-wide lucide:arrow-down-up "
        "lucide:arrow-down-wide-narrow lucide:arrow-down-z-a lucide:arrow-up-a-z lucide:arrow-up-down "
        "lucide:arrow-up-narrow-wide lucide:arrow-up-wide-narrow mdi:arrow-up-down mdi:sort "
        "mdi:sort-alphabetical-ascending mdi:sort-alphabetical-descending mdi:sort-alphabetical-variant "
        "mdi:sort-ascending mdi:sort-bool-ascending mdi:sort-calendar-ascending mdi:sort-descending "
        "mdi:sort-numeric-ascending mdi:sort-numeric-descending mdi:sort-reverse-variant mdi:sort-variant "
        "ph:arrows-down-up ph:sort-ascending ph:sort-descending fa7-solid:arrow-down-1-9 "
        "fa7-solid:arrow-down-a-z fa7-solid:arrow-down-short-wide fa7-solid:arrow-down-wide-short "
        "fa7-solid:arrow-down-z-a fa7-solid:arrow-up-a-z fa7-solid:arrow-up-short-wide "
        "fa7-solid:arrow-up-wide-short fa7-solid:arrows-up-down fa7-solid:sort fa7-solid:sort-alpha-down "
        "fa7-solid:sort-alpha-up fa7-solid:sort-amount-down fa7-solid:sort-amount-down-alt "
        "fa7-solid:sort-amount-up fa7-solid:sort-down fa7-solid:sort-numeric-down fa7-solid:sort-numeric-up "
        "fa7-solid:sort-up"
    ),
    "attachment": (
        "tabler:paperclip lucide:paperclip mdi:attachment mdi:paperclip ph:paperclip ph:paperclip-horizontal "
        "fa7-solid:paperclip"
    ),
    "link": (
        "tabler:link tabler:link-plus lucide:link lucide:link-2 mdi:link mdi:link-plus mdi:link-variant "
        "ph:link ph:link-break ph:link-simple ph:link-simple-horizontal fa7-solid:chain fa7-solid:link"
    ),
    "camera": (
        "tabler:camera tabler:camera-plus tabler:camera-rotate lucide:camera mdi:camera mdi:camera-enhance "
        "mdi:camera-front mdi:camera-iris mdi:camera-plus mdi:camera-rear ph:camera ph:camera-plus "
        "ph:camera-rotate fa7-solid:camera fa7-solid:camera-alt fa7-solid:camera-retro "
        "fa7-solid:camera-rotate fa7-regular:camera fa7-regular:camera-alt"
    ),
    "photo": (
        "tabler:photo tabler:photo-video lucide:file-image lucide:image lucide:image-plus lucide:images "
        "mdi:file-image mdi:image mdi:image-area mdi:image-broken mdi:image-frame mdi:image-multiple "
        "mdi:image-plus mdi:multimedia mdi:panorama ph:file-image ph:image ph:image-broken ph:image-square "
        "ph:images ph:images-square ph:panorama fa7-solid:file-image fa7-solid:image fa7-solid:images "
        "fa7-solid:panorama fa7-solid:photo-film fa7-solid:photo-video fa7-regular:file-image "
        "fa7-regular:image fa7-regular:images"
    ),
    "video": (
        "tabler:movie tabler:video tabler:video-plus lucide:clapperboard lucide:file-play lucide:film "
        "lucide:video mdi:file-video mdi:film mdi:filmstrip mdi:movie mdi:movie-play mdi:video mdi:video-box "
        "mdi:video-plus mdi:video-vintage mdi:video-wireless ph:file-video ph:film-slate ph:film-strip "
        "ph:video ph:video-camera fa7-solid:clapperboard fa7-solid:file-video fa7-solid:film fa7-solid:video "
        "fa7-solid:video-camera fa7-regular:file-video"
    ),
    "play": (
        "tabler:player-play lucide:circle-play lucide:play lucide:square-play mdi:motion-play mdi:play "
        "mdi:play-box mdi:play-circle mdi:play-pause ph:play ph:play-circle ph:play-pause "
        "fa7-solid:circle-play fa7-solid:play fa7-solid:play-circle fa7-regular:circle-play "
        "fa7-regular:play-circle"
    ),
    "pause": (
        "tabler:player-pause lucide:circle-pause lucide:octagon-pause lucide:pause lucide:square-pause "
        "mdi:motion-pause mdi:pause mdi:pause-box mdi:pause-circle mdi:pause-octagon mdi:play-pause ph:pause "
        "ph:pause-circle ph:play-pause fa7-solid:circle-pause fa7-solid:pause fa7-solid:pause-circle "
        "fa7-regular:circle-pause fa7-regular:pause-circle"
    ),
    "music": (
        "tabler:album tabler:disc tabler:file-music tabler:headphones tabler:headset tabler:music "
        "tabler:playlist tabler:vinyl lucide:disc lucide:file-music lucide:headphones lucide:headset "
        "lucide:music lucide:music-2 lucide:music-4 mdi:album mdi:disc mdi:earbuds mdi:file-music "
        "mdi:headphones mdi:headset mdi:music mdi:music-box mdi:music-circle mdi:music-clef-treble "
        "mdi:music-note mdi:music-note-eighth mdi:playlist-music ph:disc ph:headphones ph:headset "
        "ph:music-note ph:music-note-simple ph:music-notes ph:music-notes-simple ph:playlist "
        "fa7-solid:headphones fa7-solid:headset fa7-solid:music fa7-regular:headphones"
    ),
    "mute": (
        "tabler:bell-off tabler:bell-z tabler:microphone-off tabler:music-off tabler:volume-3 "
        "tabler:volume-off lucide:bell-off lucide:mic-off lucide:volume-off lucide:volume-x mdi:bell-off "
        "mdi:microphone-off mdi:music-off mdi:speaker-off mdi:volume-mute mdi:volume-off "
        "mdi:volume-variant-off ph:bell-slash ph:bell-z ph:microphone-slash ph:speaker-none "
        "ph:speaker-simple-none ph:speaker-simple-slash ph:speaker-simple-x ph:speaker-slash ph:speaker-x "
        "fa7-solid:bell-slash fa7-solid:microphone-slash fa7-solid:volume-mute fa7-solid:volume-off "
        "fa7-solid:volume-xmark fa7-regular:bell-slash"
    ),
    "volume": (
        "tabler:volume tabler:volume-2 tabler:volume-3 lucide:speaker lucide:volume lucide:volume-1 "
        "lucide:volume-2 mdi:speaker mdi:speaker-wireless mdi:volume-equal mdi:volume-high mdi:volume-low "
        "mdi:volume-medium mdi:volume-minus mdi:volume-plus mdi:volume-source ph:speaker-high ph:speaker-low "
        "ph:speaker-none ph:speaker-simple-high ph:speaker-simple-low ph:speaker-simple-none fa7-solid:volume "
        "fa7-solid:volume-down fa7-solid:volume-high fa7-solid:volume-low fa7-solid:volume-medium "
        "fa7-solid:volume-up"
    ),
    "microphone": (
        "tabler:microphone tabler:microphone-2 tabler:voice lucide:mic lucide:mic-vocal mdi:microphone "
        "mdi:microphone-variant ph:microphone ph:microphone-stage fa7-solid:microphone "
        "fa7-solid:microphone-alt fa7-solid:microphone-lines"
    ),
    "folder": (
        "tabler:folder tabler:folder-minus tabler:folder-open tabler:folder-plus tabler:folders lucide:folder "
        "lucide:folder-closed lucide:folder-minus lucide:folder-open lucide:folder-plus lucide:folders "
        "mdi:folder mdi:folder-minus mdi:folder-multiple mdi:folder-open mdi:folder-plus ph:folder "
        "ph:folder-minus ph:folder-open ph:folder-plus ph:folder-simple ph:folders fa7-solid:folder "
        "fa7-solid:folder-closed fa7-solid:folder-minus fa7-solid:folder-open fa7-solid:folder-plus "
        "fa7-regular:folder fa7-regular:folder-closed fa7-regular:folder-open"
    ),
    "document": (
        "tabler:clipboard-text tabler:file tabler:file-code tabler:file-description tabler:file-invoice "
        "tabler:file-text tabler:file-word tabler:files tabler:note tabler:notes lucide:file lucide:file-code "
        "lucide:file-text lucide:files mdi:clipboard-text mdi:file mdi:file-code mdi:file-document "
        "mdi:file-document-multiple mdi:file-multiple mdi:file-word mdi:note mdi:note-multiple mdi:note-text "
        "mdi:text-box ph:clipboard-text ph:file ph:file-code ph:file-doc ph:file-pdf ph:file-text ph:files "
        "ph:note fa7-solid:file fa7-solid:file-alt fa7-solid:file-code fa7-solid:file-invoice "
        "fa7-solid:file-lines fa7-solid:file-pdf fa7-solid:file-text fa7-solid:file-word fa7-regular:file "
        "fa7-regular:file-alt fa7-regular:file-code fa7-regular:file-lines fa7-regular:file-pdf "
        "fa7-regular:file-text fa7-regular:file-word"
    ),
    "cloud": (
        "tabler:cloud tabler:cloud-check tabler:cloud-computing tabler:cloud-data-connection "
        "tabler:cloud-download tabler:cloud-network tabler:cloud-upload lucide:cloud lucide:cloud-check "
        "lucide:cloud-download lucide:cloud-sun lucide:cloud-sync lucide:cloud-upload mdi:cloud "
        "mdi:cloud-arrow-down mdi:cloud-arrow-up mdi:cloud-check mdi:cloud-circle mdi:cloud-download "
        "mdi:cloud-sync mdi:cloud-upload mdi:clouds mdi:weather-cloudy ph:cloud ph:cloud-arrow-down "
        "ph:cloud-arrow-up ph:cloud-check ph:cloud-sun fa7-solid:cloud fa7-solid:cloud-arrow-down "
        "fa7-solid:cloud-arrow-up fa7-solid:cloud-download fa7-solid:cloud-sun fa7-solid:cloud-upload "
        "fa7-regular:cloud"
    ),
    "wifi": (
        "tabler:access-point tabler:wifi tabler:wifi-1 tabler:wifi-2 lucide:wifi lucide:wifi-high "
        "lucide:wifi-low lucide:wifi-zero mdi:access-point mdi:router-wireless mdi:wifi mdi:wifi-strength-1 "
        "mdi:wifi-strength-2 mdi:wifi-strength-3 mdi:wifi-strength-4 mdi:wifi-strength-outline ph:wifi-high "
        "ph:wifi-low ph:wifi-medium fa7-solid:wifi fa7-solid:wifi-3"
    ),
    "battery": (
        "tabler:battery tabler:battery-1 tabler:battery-2 tabler:battery-3 tabler:battery-4 "
        "tabler:battery-charging tabler:battery-charging-2 tabler:battery-eco tabler:battery-vertical "
        "lucide:battery lucide:battery-charging lucide:battery-full lucide:battery-low lucide:battery-medium "
        "lucide:battery-plus lucide:battery-warning mdi:battery mdi:battery-10 mdi:battery-20 mdi:battery-30 "
        "mdi:battery-40 mdi:battery-50 mdi:battery-60 mdi:battery-70 mdi:battery-80 mdi:battery-90 "
        "mdi:battery-alert mdi:battery-charging mdi:battery-charging-10 mdi:battery-charging-100 "
        "mdi:battery-charging-20 mdi:battery-charging-30 mdi:battery-charging-40 mdi:battery-charging-50 "
        "mdi:battery-charging-60 mdi:battery-charging-70 mdi:battery-charging-80 mdi:battery-charging-90 "
        "mdi:battery-check mdi:battery-high mdi:battery-low mdi:battery-medium mdi:battery-plus "
        "mdi:battery-sync ph:battery-charging ph:battery-charging-vertical ph:battery-empty ph:battery-full "
        "ph:battery-high ph:battery-low ph:battery-medium ph:battery-plus ph:battery-vertical-empty "
        "ph:battery-vertical-full ph:battery-vertical-high ph:battery-vertical-low ph:battery-vertical-medium "
        "ph:battery-warning fa7-solid:battery fa7-solid:battery-0 fa7-solid:battery-2 fa7-solid:battery-3 "
        "fa7-solid:battery-4 fa7-solid:battery-5 fa7-solid:battery-empty fa7-solid:battery-full "
        "fa7-solid:battery-half fa7-solid:battery-quarter fa7-solid:battery-three-quarters"
    ),
    "power": (
        "tabler:plug tabler:plug-connected tabler:power lucide:circle-power lucide:plug lucide:plug-zap "
        "lucide:power mdi:connection mdi:electric-switch mdi:power mdi:power-cycle mdi:power-plug "
        "mdi:power-settings mdi:power-socket mdi:power-standby ph:plug ph:plugs ph:power fa7-solid:plug "
        "fa7-solid:power-off"
    ),
    "wallet": (
        "tabler:wallet lucide:wallet lucide:wallet-cards lucide:wallet-minimal mdi:purse mdi:wallet "
        "mdi:wallet-bifold mdi:wallet-giftcard ph:wallet fa7-solid:wallet"
    ),
    "payment": (
        "tabler:cash tabler:cash-banknote tabler:cash-register tabler:coins tabler:credit-card "
        "tabler:credit-card-pay tabler:currency-dollar tabler:file-invoice tabler:invoice tabler:receipt "
        "tabler:wallet lucide:banknote lucide:circle-dollar-sign lucide:coins lucide:credit-card "
        "lucide:credit-card-check lucide:credit-card-plus lucide:dollar-sign lucide:hand-coins lucide:receipt "
        "lucide:receipt-text lucide:wallet lucide:wallet-cards lucide:wallet-minimal mdi:cash mdi:cash-100 "
        "mdi:cash-multiple mdi:cash-register mdi:circle-multiple mdi:contactless-payment mdi:credit-card "
        "mdi:credit-card-check mdi:credit-card-chip mdi:credit-card-plus mdi:invoice mdi:receipt "
        "mdi:receipt-text mdi:wallet ph:cash-register ph:coins ph:contactless-payment ph:credit-card "
        "ph:currency-dollar ph:hand-coins ph:invoice ph:money ph:money-wavy ph:receipt ph:wallet "
        "fa7-solid:cash-register fa7-solid:coins fa7-solid:credit-card fa7-solid:credit-card-alt "
        "fa7-solid:dollar-sign fa7-solid:file-invoice fa7-solid:file-invoice-dollar fa7-solid:money-bill "
        "fa7-solid:money-bill-1 fa7-solid:money-bill-1-wave fa7-solid:money-bill-alt "
        "fa7-solid:money-bill-wave fa7-solid:money-bill-wave-alt fa7-solid:money-check "
        "fa7-solid:money-check-alt fa7-solid:receipt fa7-solid:wallet fa7-regular:credit-card "
        "fa7-regular:credit-card-alt fa7-regular:money-bill-1 fa7-regular:money-bill-alt fa7-brands:apple-pay "
        "fa7-brands:cc-apple-pay fa7-brands:cc-mastercard fa7-brands:cc-paypal fa7-brands:cc-stripe "
        "fa7-brands:cc-visa fa7-brands:google-pay fa7-brands:paypal fa7-brands:stripe"
    ),
    "credit card": (
        "tabler:cards tabler:credit-card tabler:credit-card-pay lucide:credit-card lucide:credit-card-check "
        "lucide:credit-card-plus lucide:wallet-cards mdi:card mdi:cards mdi:contactless-payment "
        "mdi:credit-card mdi:credit-card-check mdi:credit-card-chip mdi:credit-card-fast "
        "mdi:credit-card-multiple mdi:credit-card-plus mdi:credit-card-scan ph:cards ph:contactless-payment "
        "ph:credit-card fa7-solid:credit-card fa7-solid:credit-card-alt fa7-solid:money-check "
        "fa7-regular:credit-card fa7-regular:credit-card-alt fa7-brands:cc-amex fa7-brands:cc-mastercard "
        "fa7-brands:cc-visa"
    ),
    "money": (
        "tabler:cash tabler:cash-banknote tabler:cash-plus tabler:cash-register tabler:coin tabler:coins "
        "tabler:currency-dollar tabler:currency-euro tabler:currency-pound tabler:currency-yen "
        "tabler:moneybag tabler:wallet lucide:banknote lucide:bitcoin lucide:circle-dollar-sign lucide:coins "
        "lucide:dollar-sign lucide:euro lucide:hand-coins lucide:piggy-bank lucide:wallet mdi:bank "
        "mdi:bitcoin mdi:cash mdi:cash-100 mdi:cash-fast mdi:cash-multiple mdi:cash-plus mdi:cash-register "
        "mdi:circle-multiple mdi:currency-cny mdi:currency-eur mdi:currency-jpy mdi:currency-usd "
        "mdi:piggy-bank mdi:pound mdi:sack mdi:wallet ph:bank ph:cash-register ph:coin ph:coins "
        "ph:currency-circle-dollar ph:currency-cny ph:currency-dollar ph:currency-dollar-simple ph:hand-coins "
        "ph:money ph:money-wavy ph:piggy-bank ph:wallet fa7-solid:bank fa7-solid:cash-register "
        "fa7-solid:coins fa7-solid:dollar fa7-solid:dollar-sign fa7-solid:euro fa7-solid:hand-holding-dollar "
        "fa7-solid:money-bill fa7-solid:money-bill-1 fa7-solid:money-bill-1-wave fa7-solid:money-bill-alt "
        "fa7-solid:money-bill-trend-up fa7-solid:money-bill-wave fa7-solid:money-bill-wave-alt "
        "fa7-solid:money-bills fa7-solid:money-check fa7-solid:piggy-bank fa7-solid:sack-dollar "
        "fa7-solid:wallet fa7-solid:yen fa7-regular:money-bill-1 fa7-regular:money-bill-alt "
        "fa7-brands:bitcoin"
    ),
    "chart": (
        "tabler:chart-arcs tabler:chart-area tabler:chart-bar tabler:chart-bubble tabler:chart-candle "
        "tabler:chart-column tabler:chart-donut tabler:chart-dots tabler:chart-histogram tabler:chart-line "
        "tabler:chart-pie tabler:chart-ppf tabler:chart-radar tabler:chart-sankey tabler:chart-scatter "
        "tabler:graph tabler:trending-up lucide:chart-area lucide:chart-bar lucide:chart-bar-big "
        "lucide:chart-bar-decreasing lucide:chart-bar-increasing lucide:chart-bar-stacked lucide:chart-column "
        "lucide:chart-column-increasing lucide:chart-gantt lucide:chart-line lucide:chart-no-axes-column "
        "lucide:chart-no-axes-combined lucide:chart-pie lucide:chart-scatter lucide:chart-spline "
        "lucide:trending-up mdi:chart-arc mdi:chart-areaspline mdi:chart-bar mdi:chart-bar-stacked "
        "mdi:chart-bell-curve mdi:chart-box mdi:chart-bubble mdi:chart-donut mdi:chart-donut-variant "
        "mdi:chart-gantt mdi:chart-histogram mdi:chart-line mdi:chart-line-variant mdi:chart-pie "
        "mdi:chart-ppf mdi:chart-sankey mdi:chart-scatter-plot mdi:chart-timeline-variant mdi:chart-tree "
        "mdi:chart-waterfall mdi:finance mdi:graph mdi:poll mdi:trending-up ph:chart-bar "
        "ph:chart-bar-horizontal ph:chart-donut ph:chart-line ph:chart-line-down ph:chart-line-up "
        "ph:chart-pie ph:chart-pie-slice ph:chart-polar ph:chart-scatter ph:graph ph:presentation-chart "
        "ph:trend-up fa7-solid:chart-area fa7-solid:chart-bar fa7-solid:chart-column fa7-solid:chart-gantt "
        "fa7-solid:chart-line fa7-solid:chart-pie fa7-solid:chart-simple fa7-solid:poll "
        "fa7-solid:square-poll-vertical fa7-regular:chart-bar"
    ),
    "analytics": (
        "tabler:activity tabler:chart-arcs tabler:chart-area tabler:chart-bar tabler:chart-bubble "
        "tabler:chart-candle tabler:chart-column tabler:chart-donut tabler:chart-dots tabler:chart-histogram "
        "tabler:chart-line tabler:chart-pie tabler:chart-radar tabler:chart-scatter tabler:device-analytics "
        "tabler:file-analytics tabler:graph tabler:presentation-analytics tabler:report-analytics "
        "tabler:trending-up lucide:activity lucide:chart-area lucide:chart-bar lucide:chart-bar-big "
        "lucide:chart-bar-decreasing lucide:chart-bar-increasing lucide:chart-bar-stacked lucide:chart-column "
        "lucide:chart-gantt lucide:chart-line lucide:chart-no-axes-column lucide:chart-no-axes-combined "
        "lucide:chart-pie lucide:chart-scatter lucide:chart-spline lucide:trending-up mdi:chart-bar "
        "mdi:chart-bar-stacked mdi:chart-bell-curve mdi:chart-box mdi:chart-bubble mdi:chart-donut "
        "mdi:chart-gantt mdi:chart-histogram mdi:chart-line mdi:chart-line-variant mdi:chart-pie "
        "mdi:chart-scatter-plot mdi:chart-timeline-variant mdi:chart-waterfall mdi:finance "
        "mdi:google-analytics mdi:graph mdi:poll mdi:pulse mdi:trending-up ph:chart-bar "
        "ph:chart-bar-horizontal ph:chart-donut ph:chart-line ph:chart-line-up ph:chart-pie ph:chart-scatter "
        "ph:graph ph:presentation-chart ph:pulse ph:trend-up fa7-solid:chart-area fa7-solid:chart-bar "
        "fa7-solid:chart-column fa7-solid:chart-gantt fa7-solid:chart-line fa7-solid:chart-pie "
        "fa7-solid:chart-simple fa7-solid:poll fa7-solid:square-poll-vertical fa7-regular:chart-bar"
    ),
    "dashboard": (
        "tabler:dashboard tabler:gauge tabler:layout tabler:layout-dashboard tabler:layout-grid "
        "tabler:layout-grid-add lucide:circle-gauge lucide:gauge lucide:grid-2x2 lucide:layout-dashboard "
        "lucide:layout-grid lucide:layout-panel-left lucide:panels-top-left mdi:gauge mdi:gauge-empty "
        "mdi:gauge-full mdi:gauge-low mdi:monitor-dashboard mdi:speedometer mdi:speedometer-medium "
        "mdi:speedometer-slow mdi:view-dashboard mdi:view-dashboard-edit mdi:view-dashboard-variant ph:gauge "
        "ph:layout ph:speedometer ph:squares-four fa7-solid:dashboard fa7-solid:gauge fa7-solid:gauge-high "
        "fa7-solid:gauge-simple fa7-solid:gauge-simple-high"
    ),
    "fullscreen": (
        "tabler:arrows-diagonal tabler:arrows-diagonal-2 tabler:arrows-maximize tabler:maximize "
        "tabler:window-maximize lucide:expand lucide:fullscreen lucide:maximize lucide:maximize-2 "
        "mdi:arrow-expand mdi:arrow-expand-all mdi:checkbox-blank mdi:expand-all mdi:fullscreen "
        "mdi:window-maximize ph:arrows-out ph:arrows-out-simple ph:corners-out ph:frame-corners "
        "fa7-solid:expand fa7-solid:expand-arrows-alt fa7-solid:maximize "
        "fa7-solid:up-right-and-down-left-from-center fa7-solid:window-maximize fa7-regular:window-maximize"
    ),
    "more": (
        "tabler:dots tabler:dots-circle-horizontal tabler:dots-diagonal tabler:dots-vertical "
        "lucide:circle-ellipsis lucide:ellipsis lucide:ellipsis-vertical mdi:dots-grid mdi:dots-horizontal "
        "mdi:dots-horizontal-circle mdi:dots-vertical mdi:dots-vertical-circle mdi:more ph:dots-three "
        "ph:dots-three-circle ph:dots-three-circle-vertical ph:dots-three-outline "
        "ph:dots-three-outline-vertical ph:dots-three-vertical fa7-solid:ellipsis fa7-solid:ellipsis-h "
        "fa7-solid:ellipsis-v fa7-solid:ellipsis-vertical"
    ),
    "back": (
        "tabler:arrow-back tabler:arrow-back-up tabler:arrow-left tabler:arrow-left-circle "
        "tabler:arrow-left-square tabler:caret-left tabler:chevron-left tabler:circle-arrow-left "
        "tabler:square-arrow-left lucide:arrow-left lucide:chevron-left lucide:circle-arrow-left "
        "lucide:circle-chevron-left lucide:skip-back lucide:square-arrow-left mdi:arrow-left "
        "mdi:arrow-left-bold mdi:arrow-left-circle mdi:arrow-left-thick mdi:arrow-left-thin "
        "mdi:arrow-u-up-left mdi:chevron-left mdi:chevron-left-circle mdi:page-previous mdi:step-backward "
        "ph:arrow-bend-up-left ph:arrow-left ph:arrow-u-left-up ph:arrow-u-up-left ph:caret-left ph:skip-back "
        "fa7-solid:angle-left fa7-solid:arrow-left fa7-solid:arrow-left-long fa7-solid:backward "
        "fa7-solid:caret-left fa7-solid:chevron-left fa7-solid:circle-arrow-left fa7-solid:step-backward"
    ),
    "next": (
        "tabler:arrow-forward tabler:arrow-forward-up tabler:arrow-right tabler:arrow-right-circle "
        "tabler:arrow-right-square tabler:caret-right tabler:chevron-right tabler:circle-arrow-right "
        "tabler:player-skip-forward tabler:player-track-next tabler:square-arrow-right lucide:arrow-right "
        "lucide:chevron-right lucide:circle-arrow-right lucide:circle-chevron-right lucide:fast-forward "
        "lucide:forward lucide:skip-forward lucide:square-arrow-right lucide:step-forward mdi:angle-right "
        "mdi:arrow-right mdi:arrow-right-bold mdi:arrow-right-circle mdi:arrow-right-thick "
        "mdi:arrow-right-thin mdi:chevron-right mdi:chevron-right-circle mdi:fast-forward mdi:forward "
        "mdi:page-next mdi:share mdi:skip-forward mdi:skip-next mdi:step-forward ph:arrow-fat-right "
        "ph:arrow-right ph:caret-right ph:fast-forward ph:skip-forward fa7-solid:angle-right "
        "fa7-solid:arrow-right fa7-solid:arrow-right-long fa7-solid:caret-right fa7-solid:chevron-right "
        "fa7-solid:circle-arrow-right fa7-solid:fast-forward fa7-solid:forward fa7-solid:forward-step "
        "fa7-solid:step-forward"
    ),
    "external link": (
        "tabler:arrow-up-right tabler:external-link lucide:arrow-up-right lucide:external-link "
        "lucide:square-arrow-out-up-right lucide:square-arrow-up-right mdi:arrow-top-right "
        "mdi:arrow-top-right-thick mdi:arrow-up-right mdi:launch mdi:open-in-app mdi:open-in-new "
        "ph:arrow-square-out ph:arrow-up-right fa7-solid:arrow-up-right-from-square fa7-solid:external-link "
        "fa7-solid:external-link-alt fa7-solid:external-link-square fa7-solid:square-arrow-up-right "
        "fa7-solid:up-right-from-square"
    ),
    "language": (
        "tabler:globe tabler:language tabler:language-hiragana tabler:language-katakana tabler:world "
        "tabler:world-www lucide:earth lucide:globe lucide:languages mdi:earth mdi:translate "
        "mdi:translate-variant mdi:web ph:globe ph:globe-hemisphere-west ph:globe-simple ph:translate "
        "fa7-solid:earth fa7-solid:globe fa7-solid:globe-americas fa7-solid:language"
    ),
    "translate": (
        "tabler:globe tabler:language tabler:language-hiragana tabler:language-katakana tabler:world "
        "lucide:earth lucide:globe lucide:languages mdi:earth mdi:google-translate mdi:translate "
        "mdi:translate-variant ph:globe ph:translate fa7-solid:earth fa7-solid:globe fa7-solid:language"
    ),
    "visible": (
        "tabler:eye tabler:eye-check lucide:eye lucide:view mdi:eye mdi:eye-check mdi:eye-circle ph:eye "
        "fa7-solid:eye fa7-regular:eye"
    ),
    "hide": (
        "tabler:eye-closed tabler:eye-minus tabler:eye-off lucide:eye-closed lucide:eye-off mdi:eye-closed "
        "mdi:eye-lock mdi:eye-minus mdi:eye-off mdi:eye-remove ph:eye-closed ph:eye-slash "
        "fa7-solid:eye-low-vision fa7-solid:eye-slash fa7-regular:eye-slash"
    ),
    "team": (
        "tabler:users tabler:users-group lucide:group lucide:user-group lucide:users lucide:users-round "
        "mdi:account-group mdi:account-multiple mdi:account-supervisor mdi:group ph:users ph:users-four "
        "ph:users-three fa7-solid:people-group fa7-solid:user-friends fa7-solid:user-group fa7-solid:users "
        "fa7-solid:users-line fa7-solid:users-rectangle"
    ),
    "add user": (
        "tabler:user-plus tabler:users-plus lucide:user-plus lucide:user-round-plus mdi:account-check "
        "mdi:account-multiple-plus mdi:account-plus ph:user-check ph:user-circle-plus ph:user-plus "
        "fa7-solid:user-plus"
    ),
    "comment": (
        "tabler:message tabler:message-2 tabler:message-circle tabler:message-dots tabler:message-plus "
        "tabler:message-reply tabler:messages lucide:message-circle lucide:message-circle-more "
        "lucide:message-square lucide:message-square-text mdi:chat mdi:comment mdi:comment-multiple "
        "mdi:comment-plus mdi:comment-processing mdi:comment-text mdi:comment-text-multiple mdi:forum "
        "mdi:message mdi:message-plus mdi:message-processing mdi:message-reply mdi:message-text ph:chat "
        "ph:chat-centered ph:chat-circle ph:chat-circle-text ph:chat-dots ph:chat-teardrop "
        "ph:chat-teardrop-dots ph:chat-teardrop-text ph:chat-text ph:chats fa7-solid:comment "
        "fa7-solid:comment-alt fa7-solid:comment-dots fa7-solid:comments fa7-solid:message "
        "fa7-regular:comment fa7-regular:comment-alt fa7-regular:comment-dots fa7-regular:comments "
        "fa7-regular:message"
    ),
    "send": (
        "tabler:mail-forward tabler:send tabler:send-2 lucide:send lucide:send-horizontal "
        "mdi:email-arrow-right mdi:email-fast mdi:send mdi:send-check mdi:send-circle mdi:send-clock "
        "mdi:send-lock ph:paper-plane ph:paper-plane-right ph:paper-plane-tilt fa7-solid:mail-forward "
        "fa7-solid:paper-plane fa7-regular:paper-plane fa7-brands:telegram"
    ),
    "inbox": (
        "tabler:inbox tabler:mailbox lucide:inbox lucide:mailbox mdi:inbox mdi:inbox-arrow-down "
        "mdi:inbox-arrow-up mdi:inbox-full mdi:inbox-multiple mdi:mailbox mdi:tray mdi:tray-arrow-down "
        "ph:mailbox ph:tray ph:tray-arrow-down fa7-solid:inbox"
    ),
    "archive": (
        "tabler:archive tabler:file-zip lucide:archive lucide:archive-restore lucide:archive-x mdi:archive "
        "mdi:archive-arrow-down mdi:archive-arrow-up mdi:archive-lock mdi:folder-zip mdi:tray-full "
        "mdi:zip-box ph:archive ph:box-arrow-down ph:file-zip ph:tray-arrow-down fa7-solid:archive "
        "fa7-solid:box-archive"
    ),
    "tag": (
        "tabler:hash tabler:label tabler:tag tabler:tag-minus tabler:tag-plus tabler:tags lucide:hash "
        "lucide:tag lucide:tag-plus lucide:tags mdi:label mdi:pound mdi:sale mdi:tag mdi:tag-faces "
        "mdi:tag-heart mdi:tag-minus mdi:tag-multiple mdi:tag-plus mdi:tag-text ph:hash ph:tag ph:tag-chevron "
        "ph:tag-simple fa7-solid:hashtag fa7-solid:tag fa7-solid:tags"
    ),
    "flag": (
        "tabler:flag tabler:flag-2 tabler:flag-3 tabler:pennant lucide:flag mdi:flag mdi:flag-checkered "
        "mdi:flag-triangle mdi:flag-variant ph:flag ph:flag-banner ph:flag-checkered ph:flag-pennant "
        "fa7-solid:flag fa7-solid:flag-checkered fa7-regular:flag"
    ),
    "bug": (
        "tabler:bug tabler:virus lucide:bug lucide:bug-play lucide:virus mdi:bee mdi:bug mdi:bug-check "
        "mdi:bug-play mdi:ladybug mdi:virus ph:bug ph:bug-beetle ph:virus fa7-solid:bug fa7-solid:virus"
    ),
    "code": (
        "tabler:binary tabler:braces tabler:brackets-angle tabler:code tabler:code-circle tabler:code-dots "
        "tabler:code-minus tabler:code-plus tabler:file-code tabler:file-code-2 tabler:source-code "
        "tabler:terminal lucide:binary lucide:braces lucide:code lucide:code-xml lucide:file-code "
        "lucide:square-code lucide:terminal mdi:code-array mdi:code-braces mdi:code-brackets mdi:code-equal "
        "mdi:code-greater-than mdi:code-json mdi:code-not-equal mdi:code-parentheses mdi:code-tags "
        "mdi:console mdi:developer-board mdi:file-code mdi:xml ph:binary ph:brackets-angle ph:brackets-curly "
        "ph:brackets-square ph:code ph:code-block ph:code-simple ph:command ph:file-code ph:terminal "
        "ph:terminal-window fa7-solid:code fa7-solid:file-code fa7-solid:laptop-code fa7-solid:terminal "
        "fa7-regular:file-code"
    ),
    "terminal": (
        "tabler:app-window tabler:chevron-right tabler:command tabler:prompt tabler:square-chevron-right "
        "tabler:terminal tabler:terminal-2 lucide:command lucide:square-chevron-right lucide:square-terminal "
        "lucide:terminal mdi:console mdi:console-line mdi:console-network ph:app-window ph:code ph:command "
        "ph:terminal ph:terminal-window fa7-solid:laptop-code fa7-solid:terminal"
    ),
    "database": (
        "tabler:cylinder tabler:database tabler:database-cog tabler:database-dollar tabler:database-edit "
        "tabler:database-exclamation tabler:database-export tabler:database-heart tabler:database-import "
        "tabler:database-leak tabler:database-minus tabler:database-plus tabler:database-search "
        "tabler:database-share tabler:database-star tabler:database-x tabler:server tabler:server-2 "
        "tabler:server-bolt tabler:server-cog tabler:table lucide:cylinder lucide:database "
        "lucide:database-arrow-down lucide:database-arrow-up lucide:database-backup lucide:database-check "
        "lucide:database-minus lucide:database-plus lucide:database-search lucide:database-x "
        "lucide:database-zap lucide:hard-drive lucide:server lucide:server-cog lucide:table mdi:cylinder "
        "mdi:database mdi:database-arrow-down mdi:database-arrow-up mdi:database-check mdi:database-cog "
        "mdi:database-edit mdi:database-export mdi:database-import mdi:database-lock mdi:database-minus "
        "mdi:database-plus mdi:database-refresh mdi:database-search mdi:database-settings mdi:database-sync "
        "mdi:harddisk mdi:server mdi:server-network mdi:server-security mdi:table ph:cylinder ph:database "
        "ph:hard-drive ph:hard-drives ph:table fa7-solid:database fa7-solid:hard-drive fa7-solid:server "
        "fa7-solid:table fa7-regular:hard-drive"
    ),
    "trophy": (
        "tabler:award tabler:cup tabler:medal tabler:podium tabler:trophy lucide:award lucide:medal "
        "lucide:podium lucide:trophy mdi:cup mdi:license mdi:medal mdi:podium mdi:podium-gold mdi:trophy "
        "mdi:trophy-award mdi:trophy-broken mdi:trophy-variant ph:medal ph:medal-military ph:trophy "
        "fa7-solid:award fa7-solid:medal fa7-solid:trophy"
    ),
    "gift": ("tabler:gift tabler:gift-card lucide:gift mdi:gift mdi:gift-open ph:gift fa7-solid:gift fa7-solid:gifts"),
    "idea": (
        "tabler:brain tabler:bulb tabler:lamp lucide:brain lucide:lamp lucide:lightbulb mdi:brain "
        "mdi:head-lightbulb mdi:lamp mdi:lightbulb mdi:lightbulb-alert mdi:lightbulb-auto mdi:lightbulb-group "
        "mdi:lightbulb-multiple mdi:lightbulb-night mdi:lightbulb-on mdi:lightbulb-question "
        "mdi:lightbulb-spot mdi:lightbulb-variant mdi:thought-bubble ph:brain ph:lamp ph:lightbulb "
        "ph:lightbulb-filament fa7-solid:brain fa7-solid:lightbulb fa7-regular:lightbulb"
    ),
    "weather": (
        "tabler:cloud tabler:cloud-bolt tabler:cloud-fog tabler:cloud-rain tabler:cloud-snow "
        "tabler:cloud-storm tabler:haze tabler:moon-stars tabler:rainbow tabler:snowflake tabler:snowman "
        "tabler:storm tabler:sun tabler:sun-high tabler:sun-low tabler:sun-moon tabler:sun-wind "
        "tabler:sunrise tabler:sunset tabler:sunset-2 tabler:temperature tabler:thermometer tabler:tornado "
        "tabler:umbrella tabler:wind lucide:cloud lucide:cloud-drizzle lucide:cloud-fog lucide:cloud-hail "
        "lucide:cloud-lightning lucide:cloud-moon lucide:cloud-moon-rain lucide:cloud-rain lucide:cloud-snow "
        "lucide:cloud-sun lucide:cloud-sun-rain lucide:cloudy lucide:haze lucide:rainbow lucide:snowflake "
        "lucide:sun lucide:sun-dim lucide:sun-medium lucide:sun-moon lucide:sun-snow lucide:sunrise "
        "lucide:sunset lucide:thermometer lucide:thermometer-snowflake lucide:thermometer-sun lucide:tornado "
        "lucide:umbrella lucide:wind mdi:cloud mdi:hail mdi:lightning-bolt mdi:looks mdi:smog mdi:smoke "
        "mdi:snowflake mdi:snowman mdi:thermometer mdi:umbrella mdi:weather-cloudy mdi:weather-cloudy-alert "
        "mdi:weather-fog mdi:weather-hail mdi:weather-hurricane mdi:weather-lightning mdi:weather-night "
        "mdi:weather-night-partly-cloudy mdi:weather-partly-cloudy mdi:weather-partly-rainy "
        "mdi:weather-partly-snowy mdi:weather-pouring mdi:weather-rainy mdi:weather-snowy mdi:weather-sunny "
        "mdi:weather-sunset mdi:weather-sunset-down mdi:weather-sunset-up mdi:weather-tornado "
        "mdi:weather-windy ph:cloud ph:cloud-fog ph:cloud-lightning ph:cloud-moon ph:cloud-rain ph:cloud-snow "
        "ph:cloud-sun ph:moon-stars ph:rainbow ph:rainbow-cloud ph:snowflake ph:sun ph:sun-dim ph:sun-horizon "
        "ph:thermometer ph:thermometer-cold ph:thermometer-hot ph:thermometer-simple ph:tornado ph:umbrella "
        "ph:wind fa7-solid:cloud fa7-solid:cloud-bolt fa7-solid:cloud-meatball fa7-solid:cloud-moon "
        "fa7-solid:cloud-moon-rain fa7-solid:cloud-rain fa7-solid:cloud-showers-heavy "
        "fa7-solid:cloud-showers-water fa7-solid:cloud-sun fa7-solid:cloud-sun-rain fa7-solid:rainbow "
        "fa7-solid:smog fa7-solid:snowflake fa7-solid:snowman fa7-solid:sun fa7-solid:thermometer "
        "fa7-solid:thermometer-half fa7-solid:tornado fa7-solid:umbrella fa7-solid:wind fa7-regular:cloud "
        "fa7-regular:snowflake fa7-regular:sun"
    ),
    "night": (
        "tabler:bed tabler:brightness-2 tabler:moon tabler:moon-2 tabler:moon-stars tabler:zzz lucide:bed "
        "lucide:bed-double lucide:bed-single lucide:cloud-moon lucide:cloud-moon-rain lucide:moon "
        "lucide:moon-star mdi:bed mdi:bed-double mdi:bed-single mdi:brightness-2 mdi:brightness-3 "
        "mdi:moon-first-quarter mdi:moon-full mdi:moon-last-quarter mdi:moon-new mdi:moon-waning-crescent "
        "mdi:moon-waning-gibbous mdi:moon-waxing-crescent mdi:moon-waxing-gibbous mdi:power-sleep mdi:sleep "
        "mdi:weather-night mdi:weather-night-partly-cloudy ph:bed ph:cloud-moon ph:moon ph:moon-stars "
        "ph:star-and-crescent fa7-solid:bed fa7-solid:cloud-moon fa7-solid:cloud-moon-rain fa7-solid:moon "
        "fa7-solid:star-and-crescent fa7-regular:moon"
    ),
    "fire": (
        "tabler:campfire tabler:candle tabler:flame lucide:flame lucide:flame-kindling mdi:campfire "
        "mdi:candle mdi:fire mdi:fire-alert mdi:fire-circle mdi:fireplace ph:campfire ph:fire ph:fire-simple "
        "ph:flame fa7-solid:burn fa7-solid:fire fa7-solid:fire-alt fa7-solid:fire-burner "
        "fa7-solid:fire-flame-curved fa7-solid:fire-flame-simple"
    ),
    "security": (
        "tabler:fingerprint tabler:key tabler:lock tabler:lock-check tabler:lock-square "
        "tabler:lock-square-rounded tabler:shield tabler:shield-bolt tabler:shield-check "
        "tabler:shield-checkered tabler:shield-chevron tabler:shield-cog tabler:shield-half "
        "tabler:shield-heart tabler:shield-lock tabler:shield-minus tabler:shield-plus tabler:shield-question "
        "tabler:shield-search tabler:shield-star tabler:shield-x tabler:user-shield tabler:vault "
        "lucide:badge-check lucide:fingerprint-pattern lucide:key lucide:key-round lucide:lock "
        "lucide:lock-keyhole lucide:shield lucide:shield-alert lucide:shield-ban lucide:shield-check "
        "lucide:shield-cog lucide:shield-ellipsis lucide:shield-half lucide:shield-keyhole lucide:shield-lock "
        "lucide:shield-minus lucide:shield-plus lucide:shield-question-mark lucide:shield-user "
        "lucide:shield-x lucide:user-shield lucide:vault mdi:fingerprint mdi:key mdi:lock mdi:lock-alert "
        "mdi:lock-check mdi:safe mdi:security mdi:shield mdi:shield-account mdi:shield-alert mdi:shield-check "
        "mdi:shield-half mdi:shield-key mdi:shield-lock mdi:shield-moon mdi:shield-plus mdi:shield-search "
        "mdi:shield-star mdi:shield-sun mdi:shield-sync ph:fingerprint ph:key ph:lock ph:lock-key "
        "ph:lock-laminated ph:lock-simple ph:shield ph:shield-check ph:shield-checkered ph:shield-chevron "
        "ph:shield-plus ph:shield-star ph:shield-warning ph:vault fa7-solid:fingerprint fa7-solid:key "
        "fa7-solid:lock fa7-solid:shield fa7-solid:shield-alt fa7-solid:shield-halved fa7-solid:shield-heart "
        "fa7-solid:shield-virus fa7-solid:user-shield fa7-solid:vault"
    ),
    "verified": (
        "tabler:certificate tabler:certificate-2 tabler:check tabler:checks tabler:circle-check "
        "tabler:rosette tabler:rosette-discount-check tabler:shield-check tabler:square-check "
        "tabler:user-check lucide:badge-check lucide:check lucide:circle-check lucide:circle-check-big "
        "lucide:shield-check lucide:square-check lucide:square-check-big lucide:user-check mdi:account-check "
        "mdi:certificate mdi:check mdi:check-all mdi:check-bold mdi:check-circle mdi:check-decagram "
        "mdi:decagram mdi:seal mdi:shield-check ph:certificate ph:check ph:check-circle ph:check-square "
        "ph:checks ph:seal ph:seal-check ph:shield-check ph:user-check fa7-solid:certificate fa7-solid:check "
        "fa7-solid:check-circle fa7-solid:check-double fa7-solid:check-square fa7-solid:circle-check "
        "fa7-solid:square-check fa7-solid:user-check fa7-regular:check-circle fa7-regular:check-square "
        "fa7-regular:circle-check fa7-regular:square-check"
    ),
    "scan": (
        "tabler:barcode tabler:face-id tabler:fingerprint tabler:focus tabler:focus-2 tabler:line-scan "
        "tabler:qrcode tabler:radar tabler:scan tabler:scan-eye tabler:scan-position tabler:text-recognition "
        "tabler:viewfinder lucide:barcode lucide:fingerprint-pattern lucide:focus lucide:qr-code lucide:radar "
        "lucide:scan lucide:scan-barcode lucide:scan-eye lucide:scan-face lucide:scan-heart lucide:scan-line "
        "lucide:scan-qr-code lucide:scan-search lucide:scan-text mdi:barcode mdi:barcode-scan "
        "mdi:data-matrix-scan mdi:face-recognition mdi:fingerprint mdi:line-scan mdi:magnify-scan mdi:qrcode "
        "mdi:qrcode-scan mdi:radar mdi:scan-helper mdi:scanner mdi:text-recognition ph:barcode ph:fingerprint "
        "ph:frame-corners ph:qr-code ph:scan ph:scan-smiley fa7-solid:barcode fa7-solid:fingerprint "
        "fa7-solid:qrcode"
    ),
    "fingerprint": (
        "tabler:face-id tabler:fingerprint tabler:fingerprint-scan tabler:scan-eye lucide:fingerprint-pattern "
        "lucide:scan-eye lucide:scan-face mdi:fingerprint ph:fingerprint ph:fingerprint-simple "
        "fa7-solid:fingerprint"
    ),
    "laptop": (
        "tabler:device-laptop lucide:computer lucide:laptop lucide:laptop-minimal lucide:laptop-minimal-check "
        "mdi:laptop mdi:laptop-account mdi:notebook ph:computer-tower ph:laptop ph:notebook "
        "fa7-solid:computer fa7-solid:laptop fa7-solid:laptop-code fa7-solid:laptop-file "
        "fa7-solid:laptop-medical"
    ),
    "mobile": (
        "tabler:device-mobile tabler:device-mobile-charging tabler:device-mobile-check "
        "tabler:device-mobile-message tabler:device-mobile-rotated tabler:device-mobile-vibration "
        "tabler:phone lucide:phone lucide:smartphone lucide:smartphone-charging lucide:smartphone-nfc "
        "mdi:cellphone mdi:cellphone-arrow-down mdi:cellphone-basic mdi:cellphone-check mdi:cellphone-dock "
        "mdi:cellphone-link mdi:cellphone-message mdi:cellphone-nfc mdi:cellphone-sound mdi:cellphone-text "
        "mdi:cellphone-wireless mdi:phone ph:device-mobile ph:phone fa7-solid:mobile fa7-solid:mobile-alt "
        "fa7-solid:mobile-button fa7-solid:mobile-phone fa7-solid:mobile-retro fa7-solid:mobile-screen "
        "fa7-solid:mobile-screen-button fa7-solid:mobile-vibrate fa7-solid:phone"
    ),
    "delivery": (
        "tabler:box tabler:package tabler:package-export tabler:package-import tabler:truck "
        "tabler:truck-delivery tabler:truck-loading tabler:truck-return lucide:box lucide:boxes "
        "lucide:package lucide:package-2 lucide:package-check lucide:package-minus lucide:package-open "
        "lucide:package-plus lucide:package-search lucide:package-x lucide:truck lucide:truck-electric "
        "lucide:van mdi:archive mdi:archive-arrow-up mdi:archive-check mdi:box mdi:box-cutter mdi:dolly "
        "mdi:gift mdi:gift-open mdi:package mdi:package-check mdi:package-down mdi:package-up "
        "mdi:package-variant mdi:package-variant-closed mdi:truck mdi:truck-check mdi:truck-delivery "
        "mdi:truck-fast mdi:truck-flatbed mdi:truck-minus mdi:truck-plus mdi:truck-remove mdi:truck-trailer "
        "mdi:van-utility ph:box-arrow-down ph:box-arrow-up ph:package ph:truck ph:truck-trailer ph:van "
        "fa7-solid:box fa7-solid:box-archive fa7-solid:box-open fa7-solid:boxes fa7-solid:boxes-stacked "
        "fa7-solid:dolly fa7-solid:dolly-flatbed fa7-solid:people-carry-box fa7-solid:shipping-fast "
        "fa7-solid:truck fa7-solid:truck-arrow-right fa7-solid:truck-fast fa7-solid:truck-field "
        "fa7-solid:truck-front fa7-solid:truck-loading fa7-solid:truck-moving fa7-solid:truck-ramp-box "
        "fa7-regular:truck"
    ),
    "airplane": (
        "tabler:plane tabler:plane-arrival tabler:plane-departure tabler:plane-inflight tabler:plane-tilt "
        "lucide:plane lucide:plane-landing lucide:plane-takeoff mdi:airplane mdi:airplane-alert "
        "mdi:airplane-check mdi:airplane-clock mdi:airplane-cog mdi:airplane-edit mdi:airplane-landing "
        "mdi:airplane-marker mdi:airplane-minus mdi:airplane-plus mdi:airplane-remove mdi:airplane-search "
        "mdi:airplane-settings mdi:airplane-takeoff ph:airplane ph:airplane-in-flight ph:airplane-landing "
        "ph:airplane-takeoff ph:airplane-tilt fa7-solid:plane fa7-solid:plane-arrival "
        "fa7-solid:plane-departure fa7-solid:plane-lock fa7-solid:plane-up"
    ),
    "thumbs up": "tabler:thumb-up lucide:thumbs-up mdi:thumb-up ph:thumbs-up fa7-solid:thumbs-up fa7-regular:thumbs-up",
    "smile": (
        "tabler:mood-crazy-happy tabler:mood-happy tabler:mood-heart tabler:mood-kid tabler:mood-smile "
        "tabler:mood-smile-beam tabler:mood-spark tabler:mood-tongue tabler:mood-tongue-wink "
        "tabler:mood-tongue-wink-2 tabler:mood-wink tabler:mood-wink-2 lucide:face-grinning "
        "lucide:face-slightly-smiling mdi:emoticon mdi:emoticon-cool mdi:emoticon-excited mdi:emoticon-happy "
        "mdi:emoticon-lol mdi:emoticon-plus mdi:emoticon-tongue mdi:emoticon-wink ph:mask-happy ph:smiley "
        "ph:smiley-melting ph:smiley-wink fa7-solid:face-grin fa7-solid:face-grin-beam "
        "fa7-solid:face-grin-beam-sweat fa7-solid:face-grin-hearts fa7-solid:face-grin-squint "
        "fa7-solid:face-grin-squint-tears fa7-solid:face-grin-stars fa7-solid:face-grin-tears "
        "fa7-solid:face-grin-tongue fa7-solid:face-grin-tongue-squint fa7-solid:face-grin-tongue-wink "
        "fa7-solid:face-grin-wide fa7-solid:face-grin-wink fa7-solid:face-laugh fa7-solid:face-laugh-beam "
        "fa7-solid:face-laugh-squint fa7-solid:face-laugh-wink fa7-solid:face-smile fa7-solid:face-smile-beam "
        "fa7-solid:face-smile-wink fa7-solid:grin fa7-solid:grin-beam fa7-solid:grin-hearts "
        "fa7-solid:grin-squint fa7-solid:grin-stars fa7-solid:grin-tongue fa7-solid:grin-wink fa7-solid:laugh "
        "fa7-solid:laugh-beam fa7-solid:laugh-squint fa7-solid:laugh-wink fa7-solid:smile "
        "fa7-solid:smile-beam fa7-solid:smile-wink fa7-regular:face-grin fa7-regular:face-grin-beam "
        "fa7-regular:face-grin-beam-sweat fa7-regular:face-grin-hearts fa7-regular:face-grin-squint "
        "fa7-regular:face-grin-squint-tears fa7-regular:face-grin-stars fa7-regular:face-grin-tears "
        "fa7-regular:face-grin-tongue fa7-regular:face-grin-tongue-squint fa7-regular:face-grin-tongue-wink "
        "fa7-regular:face-grin-wide fa7-regular:face-grin-wink fa7-regular:face-laugh "
        "fa7-regular:face-laugh-beam fa7-regular:face-laugh-squint fa7-regular:face-laugh-wink "
        "fa7-regular:face-smile fa7-regular:face-smile-beam fa7-regular:face-smile-wink fa7-regular:grin "
        "fa7-regular:grin-beam fa7-regular:grin-hearts fa7-regular:grin-squint fa7-regular:grin-stars "
        "fa7-regular:grin-tongue fa7-regular:grin-wink fa7-regular:laugh fa7-regular:laugh-beam "
        "fa7-regular:laugh-squint fa7-regular:laugh-wink fa7-regular:smile fa7-regular:smile-beam "
        "fa7-regular:smile-wink"
    ),
    "sad": (
        "tabler:heart-broken tabler:mood-cry tabler:mood-empty tabler:mood-look-down tabler:mood-sad "
        "tabler:mood-sad-2 tabler:mood-sad-dizzy tabler:mood-sad-squint tabler:mood-sick tabler:mood-unamused "
        "lucide:face-slightly-frowning lucide:heart-crack mdi:emoticon-cry mdi:emoticon-frown "
        "mdi:emoticon-neutral mdi:emoticon-sad mdi:heart-broken ph:smiley-meh ph:smiley-sad "
        "fa7-solid:face-frown fa7-solid:face-frown-open fa7-solid:face-meh fa7-solid:face-sad-cry "
        "fa7-solid:face-sad-tear fa7-solid:face-tired fa7-solid:frown fa7-solid:frown-open "
        "fa7-solid:heart-broken fa7-solid:heart-crack fa7-solid:meh fa7-solid:sad-cry fa7-solid:sad-tear "
        "fa7-regular:face-frown fa7-regular:face-frown-open fa7-regular:face-meh fa7-regular:face-sad-cry "
        "fa7-regular:face-sad-tear fa7-regular:face-tired fa7-regular:frown fa7-regular:frown-open "
        "fa7-regular:meh fa7-regular:sad-cry fa7-regular:sad-tear"
    ),
    "ai": (
        "tabler:ai tabler:brain tabler:brand-openai tabler:cpu tabler:cpu-2 tabler:message-chatbot "
        "tabler:robot tabler:robot-face tabler:sparkle tabler:sparkles tabler:wand lucide:bot "
        "lucide:bot-message-square lucide:brain lucide:brain-circuit lucide:circuit-board lucide:cpu "
        "lucide:microchip lucide:robot-vacuum lucide:sparkle lucide:sparkles lucide:wand lucide:wand-sparkles "
        "mdi:assistant mdi:auto-fix mdi:brain mdi:chip mdi:creation mdi:magic-staff mdi:robot mdi:robot-angry "
        "mdi:robot-confused mdi:robot-dead mdi:robot-excited mdi:robot-happy mdi:robot-industrial "
        "mdi:robot-love mdi:robot-mower mdi:robot-vacuum mdi:robot-vacuum-variant mdi:star-four-points "
        "ph:brain ph:circuitry ph:cpu ph:magic-wand ph:robot ph:sparkle ph:star-four fa7-solid:brain "
        "fa7-solid:magic fa7-solid:microchip fa7-solid:robot fa7-solid:wand-sparkles fa7-brands:openai"
    ),
    "magic": (
        "tabler:crystal-ball tabler:sparkle tabler:sparkles tabler:star tabler:stars tabler:wand "
        "lucide:sparkle lucide:sparkles lucide:wand lucide:wand-sparkles mdi:auto-fix mdi:creation "
        "mdi:crystal-ball mdi:magic-staff mdi:star mdi:star-four-points mdi:star-shooting mdi:wizard-hat "
        "ph:magic-wand ph:shooting-star ph:sparkle ph:star ph:star-four fa7-solid:hat-wizard fa7-solid:magic "
        "fa7-solid:wand-magic fa7-solid:wand-magic-sparkles fa7-solid:wand-sparkles"
    ),
    "color": (
        "tabler:brush tabler:bucket tabler:color-filter tabler:color-picker tabler:color-swatch "
        "tabler:droplet tabler:droplet-down tabler:droplet-half tabler:droplet-half-2 tabler:droplet-up "
        "tabler:droplets tabler:paint tabler:palette tabler:rainbow tabler:spray lucide:brush lucide:droplet "
        "lucide:droplets lucide:paint-bucket lucide:paint-roller lucide:paintbrush lucide:paintbrush-vertical "
        "lucide:palette lucide:pipette lucide:rainbow lucide:spray-can mdi:brush mdi:brush-variant mdi:bucket "
        "mdi:color-helper mdi:eyedropper mdi:eyedropper-minus mdi:eyedropper-plus mdi:eyedropper-remove "
        "mdi:eyedropper-variant mdi:format-color-fill mdi:format-color-highlight mdi:format-color-text "
        "mdi:format-paint mdi:looks mdi:palette mdi:palette-advanced mdi:palette-swatch "
        "mdi:palette-swatch-variant mdi:spray mdi:water ph:drop ph:eyedropper ph:eyedropper-sample "
        "ph:paint-brush ph:paint-brush-broad ph:paint-brush-household ph:paint-bucket ph:paint-roller "
        "ph:palette ph:rainbow ph:swatches fa7-solid:brush fa7-solid:bucket fa7-solid:droplet "
        "fa7-solid:eyedropper fa7-solid:fill fa7-solid:fill-drip fa7-solid:paint-brush fa7-solid:paint-roller "
        "fa7-solid:paintbrush fa7-solid:palette fa7-solid:rainbow fa7-solid:spray-can fa7-solid:swatchbook"
    ),
    "crop": (
        "tabler:aspect-ratio tabler:crop tabler:crop-1-1 tabler:crop-16-9 tabler:crop-3-2 tabler:crop-5-4 "
        "tabler:crop-7-5 tabler:crop-landscape tabler:crop-portrait tabler:frame lucide:crop lucide:frame "
        "mdi:artboard mdi:aspect-ratio mdi:crop mdi:crop-free mdi:crop-landscape mdi:crop-portrait "
        "mdi:crop-rotate mdi:crop-square ph:crop ph:frame-corners ph:scan ph:scissors fa7-solid:crop "
        "fa7-solid:crop-simple"
    ),
    "tools": (
        "tabler:axe tabler:bolt tabler:hammer tabler:nut tabler:ruler tabler:tool tabler:tools "
        "tabler:tools-kitchen tabler:tools-kitchen-2 lucide:axe lucide:bolt lucide:drill lucide:hammer "
        "lucide:nut lucide:pencil-ruler lucide:ruler lucide:toolbox lucide:wrench mdi:axe mdi:bolt mdi:hammer "
        "mdi:hammer-screwdriver mdi:hammer-sickle mdi:hammer-wrench mdi:hand-saw mdi:nut mdi:pencil-ruler "
        "mdi:pliers mdi:ruler mdi:saw-blade mdi:screwdriver mdi:toolbox mdi:tools mdi:wrench mdi:wrench-check "
        "mdi:wrench-clock ph:axe ph:hammer ph:nut ph:pencil-ruler ph:ruler ph:screwdriver ph:toolbox "
        "ph:wrench fa7-solid:hammer fa7-solid:pen-ruler fa7-solid:pencil-ruler fa7-solid:ruler "
        "fa7-solid:ruler-combined fa7-solid:screwdriver fa7-solid:screwdriver-wrench fa7-solid:toolbox "
        "fa7-solid:tools fa7-solid:wrench"
    ),
    "repair": (
        "tabler:axe tabler:bolt tabler:hammer tabler:nut tabler:tool tabler:tools lucide:axe lucide:bolt "
        "lucide:construction lucide:drill lucide:hammer lucide:hard-hat lucide:nut lucide:toolbox "
        "lucide:wrench mdi:account-hard-hat mdi:axe mdi:bolt mdi:car-wrench mdi:hammer mdi:hammer-screwdriver "
        "mdi:hammer-wrench mdi:hand-saw mdi:hard-hat mdi:nut mdi:pliers mdi:saw-blade mdi:screw-flat-top "
        "mdi:screw-lag mdi:screw-machine-flat-top mdi:screw-machine-round-top mdi:screw-round-top "
        "mdi:screwdriver mdi:toolbox mdi:tools mdi:tow-truck mdi:wrench mdi:wrench-check mdi:wrench-clock "
        "ph:axe ph:hammer ph:hard-hat ph:nut ph:screwdriver ph:toolbox ph:wrench fa7-solid:hammer "
        "fa7-solid:hard-hat fa7-solid:helmet-safety fa7-solid:screwdriver fa7-solid:screwdriver-wrench "
        "fa7-solid:toolbox fa7-solid:tools fa7-solid:wrench"
    ),
    "pin": (
        "tabler:location tabler:location-pin tabler:map-pin tabler:map-pin-2 tabler:map-pin-check "
        "tabler:map-pin-heart tabler:map-pin-plus tabler:pin tabler:pin-end tabler:pin-invoke tabler:pinned "
        "lucide:map-pin lucide:map-pin-check lucide:map-pin-plus lucide:pin mdi:map-marker mdi:marker mdi:pin "
        "ph:map-pin ph:map-pin-area ph:map-pin-line ph:map-pin-plus ph:map-pin-simple ph:map-pin-simple-area "
        "ph:map-pin-simple-line ph:push-pin ph:push-pin-simple fa7-solid:location fa7-solid:location-dot "
        "fa7-solid:location-pin fa7-solid:map-marker fa7-solid:map-marker-alt fa7-solid:map-pin "
        "fa7-solid:marker fa7-solid:thumbtack"
    ),
    "drag": (
        "tabler:arrows-move tabler:arrows-move-horizontal tabler:arrows-move-vertical tabler:drag-drop "
        "tabler:drag-drop-2 tabler:grip-horizontal tabler:grip-vertical tabler:hand-grab tabler:reorder "
        "lucide:grip lucide:grip-horizontal lucide:grip-vertical lucide:hand-grab lucide:move mdi:cursor-move "
        "mdi:drag mdi:drag-horizontal mdi:drag-horizontal-variant mdi:drag-variant mdi:drag-vertical "
        "mdi:drag-vertical-variant mdi:pan mdi:pan-horizontal mdi:pan-vertical mdi:reorder-horizontal "
        "mdi:reorder-vertical mdi:selection-drag ph:arrows-out-cardinal ph:dots-six ph:dots-six-vertical "
        "ph:hand-grabbing fa7-solid:arrows-up-down-left-right fa7-solid:grip fa7-solid:grip-horizontal "
        "fa7-solid:grip-lines fa7-solid:grip-lines-vertical fa7-solid:grip-vertical fa7-solid:hand-back-fist "
        "fa7-solid:reorder fa7-solid:up-down-left-right fa7-regular:hand-back-fist"
    ),
    "loading": (
        "tabler:circle-dashed tabler:hourglass tabler:hourglass-empty tabler:hourglass-high "
        "tabler:hourglass-low tabler:loader tabler:loader-2 tabler:loader-3 tabler:loader-quarter "
        "tabler:progress tabler:progress-alert tabler:progress-bolt tabler:progress-check "
        "tabler:progress-help tabler:progress-x tabler:refresh tabler:reload tabler:rotate "
        "lucide:circle-dashed lucide:circle-dot-dashed lucide:hourglass lucide:loader lucide:loader-circle "
        "lucide:loader-pinwheel lucide:rotate-cw mdi:autorenew mdi:cached mdi:loading mdi:progress-alert "
        "mdi:progress-check mdi:progress-clock mdi:progress-close mdi:progress-download mdi:progress-helper "
        "mdi:progress-pencil mdi:progress-question mdi:progress-star mdi:progress-star-four-points "
        "mdi:progress-tag mdi:progress-upload mdi:progress-wrench mdi:refresh mdi:reload mdi:sync mdi:timer "
        "mdi:timer-sand mdi:timer-sand-complete mdi:timer-sand-empty mdi:timer-sand-full "
        "mdi:timer-sand-paused ph:arrow-clockwise ph:arrows-clockwise ph:circle-dashed ph:circle-notch "
        "ph:hourglass ph:hourglass-high ph:hourglass-low ph:hourglass-medium ph:hourglass-simple "
        "ph:hourglass-simple-high ph:hourglass-simple-low ph:hourglass-simple-medium ph:spinner "
        "ph:spinner-ball ph:spinner-gap ph:timer fa7-solid:circle-notch fa7-solid:hourglass "
        "fa7-solid:hourglass-1 fa7-solid:hourglass-2 fa7-solid:hourglass-3 fa7-solid:hourglass-empty "
        "fa7-solid:hourglass-end fa7-solid:hourglass-half fa7-solid:hourglass-start fa7-solid:refresh "
        "fa7-solid:rotate fa7-solid:spinner fa7-solid:sync fa7-regular:hourglass fa7-regular:hourglass-2 "
        "fa7-regular:hourglass-empty fa7-regular:hourglass-half"
    ),
    "expand": (
        "tabler:arrows-diagonal tabler:arrows-diagonal-2 tabler:arrows-horizontal tabler:arrows-maximize "
        "tabler:arrows-move-vertical tabler:arrows-up-down tabler:arrows-vertical tabler:caret-down "
        "tabler:caret-up-down tabler:chevron-down tabler:chevrons-down tabler:layout-navbar-expand "
        "tabler:maximize lucide:chevron-down lucide:chevrons-down lucide:chevrons-up-down lucide:expand "
        "lucide:fullscreen lucide:maximize lucide:maximize-2 lucide:unfold-horizontal lucide:unfold-vertical "
        "mdi:arrow-expand mdi:arrow-expand-all mdi:arrow-expand-down mdi:arrow-expand-horizontal "
        "mdi:arrow-expand-left mdi:arrow-expand-right mdi:arrow-expand-up mdi:arrow-expand-vertical "
        "mdi:checkbox-blank mdi:chevron-down mdi:expand-all mdi:fullscreen mdi:menu-down "
        "mdi:unfold-more-horizontal mdi:unfold-more-vertical ph:arrows-horizontal ph:arrows-out "
        "ph:arrows-out-cardinal ph:arrows-out-line-horizontal ph:arrows-out-line-vertical "
        "ph:arrows-out-simple ph:arrows-vertical ph:caret-double-down ph:caret-down ph:caret-up-down "
        "ph:corners-out ph:frame-corners fa7-solid:arrows-up-down fa7-solid:caret-down fa7-solid:chevron-down "
        "fa7-solid:expand fa7-solid:expand-arrows-alt fa7-solid:maximize "
        "fa7-solid:up-right-and-down-left-from-center"
    ),
    "collapse": (
        "tabler:arrows-diagonal-minimize tabler:arrows-diagonal-minimize-2 tabler:arrows-horizontal "
        "tabler:arrows-minimize tabler:arrows-vertical tabler:caret-up tabler:chevron-compact-up "
        "tabler:chevron-up tabler:chevrons-up tabler:fold tabler:layout-navbar-collapse tabler:minimize "
        "lucide:chevron-up lucide:chevrons-down-up lucide:chevrons-up lucide:fold-horizontal "
        "lucide:fold-vertical lucide:list-collapse lucide:minimize lucide:minimize-2 lucide:shrink "
        "mdi:arrow-collapse mdi:arrow-collapse-all mdi:arrow-collapse-down mdi:arrow-collapse-horizontal "
        "mdi:arrow-collapse-left mdi:arrow-collapse-right mdi:arrow-collapse-up mdi:arrow-collapse-vertical "
        "mdi:chevron-up mdi:collapse-all mdi:fullscreen-exit mdi:menu-up mdi:unfold-less-horizontal "
        "mdi:unfold-less-vertical ph:arrows-horizontal ph:arrows-in ph:arrows-in-cardinal "
        "ph:arrows-in-line-horizontal ph:arrows-in-line-vertical ph:arrows-in-simple ph:arrows-vertical "
        "ph:caret-double-up ph:caret-up ph:corners-in fa7-solid:caret-up fa7-solid:chevron-up "
        "fa7-solid:compress fa7-solid:compress-alt fa7-solid:compress-arrows-alt "
        "fa7-solid:down-left-and-up-right-to-center fa7-solid:minimize"
    ),
    "exit": (
        "tabler:door tabler:door-exit tabler:escalator-up tabler:logout tabler:logout-2 tabler:power "
        "tabler:run tabler:x lucide:door-closed lucide:door-open lucide:log-out lucide:power "
        "lucide:square-arrow-right-exit lucide:x mdi:close mdi:door mdi:door-closed mdi:door-open "
        "mdi:exit-run mdi:exit-to-app mdi:logout mdi:logout-variant mdi:power mdi:run ph:arrow-square-out "
        "ph:door ph:door-open ph:escalator-up ph:power ph:sign-out ph:x fa7-solid:arrow-right-from-bracket "
        "fa7-solid:close fa7-solid:door-closed fa7-solid:door-open fa7-solid:person-running "
        "fa7-solid:person-walking-arrow-right fa7-solid:power-off fa7-solid:right-from-bracket "
        "fa7-solid:sign-out fa7-solid:sign-out-alt fa7-solid:x fa7-solid:xmark"
    ),
    "question": (
        "tabler:cloud-question tabler:help tabler:help-circle tabler:help-hexagon tabler:help-octagon "
        "tabler:help-square tabler:help-square-rounded tabler:help-triangle tabler:message-circle-question "
        "tabler:message-question tabler:question-mark tabler:shield-question lucide:badge-question-mark "
        "lucide:circle-question-mark lucide:file-question-mark lucide:message-circle-question-mark "
        "lucide:shield-question-mark mdi:chat-question mdi:cloud-question mdi:comment-question "
        "mdi:file-question mdi:handshake mdi:help mdi:help-box mdi:help-circle mdi:help-network "
        "mdi:help-rhombus mdi:lightbulb-question mdi:message-question ph:question ph:question-mark "
        "fa7-solid:circle-question fa7-solid:person-circle-question fa7-solid:question "
        "fa7-solid:question-circle fa7-regular:circle-question fa7-regular:question-circle"
    ),
    "success": (
        "tabler:check tabler:checks tabler:circle-check tabler:rosette-discount-check tabler:square-check "
        "lucide:badge-check lucide:check lucide:check-check lucide:circle-check lucide:circle-check-big "
        "lucide:square-check lucide:square-check-big mdi:check mdi:check-all mdi:check-bold mdi:check-circle "
        "mdi:check-decagram mdi:check-underline mdi:checkbox-marked mdi:checkbox-marked-circle "
        "mdi:checkbox-outline ph:check ph:check-circle ph:check-fat ph:check-square ph:checks ph:seal-check "
        "fa7-solid:check fa7-solid:check-circle fa7-solid:check-double fa7-solid:check-square "
        "fa7-solid:check-to-slot fa7-solid:circle-check fa7-solid:square-check fa7-regular:check-circle "
        "fa7-regular:check-square fa7-regular:circle-check fa7-regular:square-check"
    ),
}


def expected(query: str) -> tuple[str, ...]:
    """The Iconify names a person accepts for `query` (glyphs: their styles count too)."""
    return tuple(CASES[query].split())
