# Guichet — English texts.

## Frame
menu = Menu
back-to-lobby = ‹ Lobby
language-switch = Français
history = History
rules = Rules
trial-credit = + { $amount } play money
trial-balance = Play money
trial-end = End the trial
trial-band = Trial game — no money · winnings are not real
balance = Balance

## Lobby
lobby-title = Choose your game
lobby-subtitle = Four instant games. Every block of games holds an exact number of prizes.
tile-label = Play { $game }
tile-price = { $price } a game
tile-price-range = { $low } to { $high } a game
tile-top-prize = Up to { $prize }
tile-waiting = Game waiting
tile-play = Play
tile-try = Try
tile-try-label = Try { $game } without money

## History
history-title = History
history-empty = No games yet.
history-choose-game = Choose a game
history-earlier = Earlier games
history-last = Last game
history-replay = Replay
history-resume = Resume
history-unfinished = Unfinished
history-lost = No win
history-won = Won { $prize }
history-stake = Stake { $stake }

## Checking a game
history-check = Check this game
history-check-row = Check
history-check-row-label = Check the { $game } game of { $time }
check-unit-title = Check this game
check-unit-which = { $game } · stake { $stake } · game no. { $unit } of { $time }
check-unit-back = Back to the history
check-unit-holds = Everything agrees: this game was the one its block held for it.
check-unit-waits = { $left ->
    [1] Checkable when its block closes: 1 more game to sell.
   *[other] Checkable when its block closes: { $left } more games to sell.
}
check-unit-fails = A check fails: report this game to the operator.
check-unit-commitment = Commitment of block { $block }, published on { $time }, before its first sale
check-unit-seed = The block's seed, published when it closed on { $time }
check-unit-no-seed = This block's seed is published when it closes.
check-unit-line-commitment-waits = At the close: the SHA-256 of the published seed must give this commitment.
check-unit-line-tier-waits = At the close: the block's permutation will tell place { $index }'s prize, which must be the one paid ({ $paid }).
check-unit-line-stream-waits = At the close: this game's stream must draw the game shown.
check-unit-line-commitment = The SHA-256 of the published seed gives the published commitment.
check-unit-line-tier = The block's permutation gives place { $index } prize no. { $tier }, { $prize }; paid: { $paid }.
check-unit-line-no-tier = The block's permutation gives place { $index } no prize; paid: { $paid }.
check-unit-line-stream = The game shown is the one this game's stream draws.
check-unit-line-other-generators = The game shown was drawn by another version of the program: check it with verifier/verify.py.
check-unit-line-pays = By the rules, this game pays { $pays }; paid: { $paid }.
check-unit-line-legal = The game shown keeps to the rules.
check-unit-line-illegal = The game shown breaks the rules: { $reason }
check-unit-yourself = Anyone can redo these sums away from the kiosk: the game exported from the history, the seed and the commitment are enough (verifier/verify.py).

## Results
result-lost = No win this time
result-stake-back = Stake refunded
result-won = You win { $prize }

## Notices
notice-unit-unfinished = A game is not finished: finish it before buying another. It is waiting for you, its result already fixed.
notice-at-the-desk = On this network of kiosks, money, limits and breaks are handled at the operator's desk.
notice-played-elsewhere = This game is being played on another screen of this kiosk; it can be taken up here once that one is closed. Nothing was lost.
notice-moved-on = This game moved on elsewhere: it is shown as it is recorded. Nothing was lost.
notice-sales-suspended = Sales are suspended: the key of the game blocks cannot be found. Your balance and games are intact; call the operator.
notice-balance-ceiling = The balance cannot go above { $max } through credits.
notice-deposit-too-large = A credit cannot be more than { $max }.
notice-balance-unreadable = The balance cannot be read for now. { $reason }
notice-units-unreadable = The unit in progress cannot be read for now. { $reason }
notice-session-unreadable = The session’s figures cannot be read for now. { $reason }
notice-protection-unreadable = Your limits and your age answer cannot be read for now: play stays closed. { $reason }
notice-protection-unknown = Your limits and your age answer could not be read: play stays closed for now. Nothing was charged.
notice-settings-unreadable = The kiosk’s settings cannot be read: it follows its original settings. { $reason }
notice-dismiss = OK
notice-insufficient-funds = Balance too low: { $balance } for a stake of { $stake }. No game was bought.
notice-locked = The database is busy in another program. Nothing was lost; try again in a moment.
warning-exposed-database = The database { $path } is open to other users (mode { $mode }): make it private (chmod go-rwx).
warning-exposed-folder = The database's folder { $path } is open to other users (mode { $mode }): make it private (chmod go-rwx).
warning-exposed-key-store = The key store { $path } is open to other users (mode { $mode }): make it private (chmod go-rwx).
warning-exposed-seal-key = The seal key { $path } is open to other users (mode { $mode }): make it private (chmod go-rwx).
warning-legacy-key-unused = A seal key is beside the database ({ $path }), but this kiosk reads its keys from systemd's credentials: install it as one, then remove it.
warning-legacy-key-other = { $path } is not this database's seal key ({ $kept }): it is not used; remove it.
warning-tally-rebuilt = The tally { $path } was damaged: it was rebuilt from the database.
warning-tally-unwritten = The tally beside { $path } could not be written: { $reason }
notice-store-damaged = The kiosk's database cannot be read as it should: nothing was written or lost. Call the operator.
notice-store-read-only = The kiosk's database cannot be written: nothing was written or lost. Call the operator.
notice-store-gone = The kiosk's file was moved, replaced or no longer opens: nothing more is written, nothing is lost. Call the operator.
notice-store-forged = The kiosk's file was changed without its key: nothing more is written. Call the operator.
notice-clock-behind = The kiosk's clock is behind its last operation: nothing was written. Call the operator.
notice-not-positive = The amount must be more than zero.
notice-not-adult = No stake without the answer "18 or over" on record: ask at the desk.
notice-card-format = A card number is 1 to 32 letters, digits or dashes.
notice-card-taken = Card { $card } is already a player's.
notice-no-reason = An operator's action needs a reason.
notice-pin-hash = The PIN could not be checked: nothing was changed. Call the operator.
notice-pin-format = The operator's PIN is { $min } to { $max } digits.
notice-player-pin-format = A card's PIN is { $min } to { $max } digits.
notice-no-such-unit = This game cannot be found on this kiosk.
notice-entropy = A new block of games cannot be opened: the system gives no randomness. Nothing was charged; call the operator.
notice-kiosk-refused = The network does not know this kiosk: call the operator.
notice-network = The network does not answer: nothing was lost; try again in a moment.
notice-insufficient-balance = Cannot withdraw { $amount }: the balance is { $balance }.
notice-limit-out-of-range = A 7-day limit is more than zero and at most { $max }.
notice-exclusion-out-of-range = A break lasts 1 to { $max } days.
notice-closing-refused = The network refuses closing no. { $counter }: it received another under that number, so the kiosk’s file is not the one that made it. Call the operator.

## Rules
rules-title = Rules — { $game }
rules-already-won = Prizes come from blocks of games holding an exact number of prizes. Some prizes of the current block may already have been won: the table shows those left, a prize counting as won once its game is finished. Each block's secret is committed to (its fingerprint published) before its first sale and revealed once it is sold out.
rules-paytable = Prizes — { $stake } a game
rules-block-not-open = Blocks of { $units } games.
rules-block = Current block no. { $number }: { $played ->
    [0] no game played
    [1] one game played
   *[other] { $played } games played
} of { $units }.
rules-block-selling = Current block no. { $number }, of { $units } games.
rules-commitment = Commitment of block no. { $number }, published { $time }: { $hash }
rules-next-commitment = Next block no. { $number }, commitment published { $time }: { $hash }
rules-column-lots = Prizes per block
rules-column-prize = Amount
rules-column-left = Left
rules-column-made-of = Grid 1 + Grid 2
rules-total = { $lots } prizes, { $paid } per block — return to player { $rtp }
rules-blackjack =
    After "Play", reveal the four zones in any order: your three hands (Win 1, Win 2, Win 3) and the Bank's hidden card. "Auto" reveals them all.
    Each hand is a pair of cards totalling 13 to 21, with an amount under its stack of chips. J, Q and K (V, D, R) count 10; the Ace counts 11.
    The Bank totals 17 to 20. A hand above the Bank wins its amount; a 21 doubles it.
    Winning hands add up to one prize.
rules-x10 =
    Reveal the three Winning numbers (diamonds) and your nine numbers (bundles of banknotes) in any order, or all at once with "Auto".
    Game 1: a multiplier x1, x2, x5 or x10 under a bundle wins its amount times the multiplier.
    Game 2: one of your numbers equal to a Winning number wins its amount.
    All wins add up to one prize.
rules-star-fortune =
    Choose your stake (0,50 €, 1 € or 2 €), then one of the three pucks; it falls through the pegs.
    On a prize place it wins the amount written there (0 € wins nothing). In a BONUS case, press "GO" to reveal the amount won.
    A second puck follows, chosen the same way. Both results add up to one prize.
    The result does not depend on the puck you pick.
rules-bingo =
    Draw fifteen balls from the sphere, then reveal the three Bonus balls; their numbers are marked on both grids. The Joker counts as marked.
    Grid 1: the four corners 2 €, one diagonal 20 €, both diagonals 100 €.
    Grid 2: one row 4 €, two rows 40 €, three rows 1 000 €, the full grid 10 000 €. Columns do not count.
    On each grid only the best combination counts; the two grids add up.
bingo-corners = 4 corners
bingo-one-diagonal = 1 diagonal
bingo-two-diagonals = 2 diagonals
bingo-full-grid = full grid
bingo-rows = { $rows ->
    [1] 1 row
   *[other] { $rows } rows
}

## Resume
resume-title = A game is unfinished
resume-explanation = It was bought and its result is already fixed; take it up where it stopped.
resume-bought = Bought on { $time }
resume-action = Resume the game

## Database
store-problem-is-not-a-file = The path given is not a database file.
store-problem-not-a-file = Name the database file (option --db), then start Guichet again.
store-problem-is-forbidden = Guichet may not read this file.
store-problem-cannot-open = The database cannot be opened there.
store-problem-is-replaced = The database file was replaced or deleted while Guichet was running.
store-problem-replaced = Nothing more was written to it. Start Guichet again; if the file was moved, put it back.
store-problem-is-rolled-back = The database has lost recorded sales (its -wal file was probably deleted).
store-problem-rolled-back = Put back the -wal file or the last backup; Guichet will not sell games already sold again.
store-problem-is-key = The key of the game blocks cannot be read.
store-problem-key = Call the operator: the key is kept off the database's folder (the installed kiosk's systemd credential, else ~/.config/guichet/keys).
store-problem-is-read-only-folder = The database's folder is read-only.
store-problem-read-only-folder = Guichet must be able to write in this folder (its journal is there). Check its permissions, then start Guichet again.
store-problem-is-gone = The database is gone: its tally (.tally) is still there.
store-problem-gone = Put the database file back; Guichet does not make a new one, which would sell units already sold.
store-problem-is-log-replaced = The database's journal (its -wal file) was deleted or replaced while Guichet was running.
store-problem-log-replaced = Nothing more is written to it. Call the operator, then start Guichet again.
store-problem-is-clock = The kiosk's clock is behind the last record it wrote: the clock is wrong.
store-problem-clock = Nothing was written. Call the operator to set the clock right, then start Guichet again.
store-problem-is-forged = A record of the database was written or changed without its key: the file was forged.
store-problem-forged = The kiosk sells nothing on this file. Call the operator: “guichet verify” names every record changed.
store-problem-is-side-file = A file beside the database (tally, lease or key) is not a real Guichet file.
store-problem-side-file = Call the operator: this file must be a regular file of the kiosk's user, not a link.
store-problem-is-old = The database has an old schema.
store-problem-old = Call the operator: "guichet migrate" brings it up to date, keeping a copy.
store-problem-kept = The units and money already recorded are kept: nothing is lost.
store-problem-title = The account cannot be opened
store-problem-title-stopped = The kiosk has stopped
store-problem-is-locked = The database is locked by another program.
store-problem-is-read-only = The database is read-only.
store-problem-is-newer = The database was written by a newer version of Guichet.
store-problem-is-foreign = This file is not a Guichet database.
store-problem-is-damaged = The database is damaged.
store-problem-is-unreachable = The network's database does not answer.
store-problem-unreachable = Check that the kiosk is connected to the network, then start Guichet again; otherwise, call the operator.
store-problem-is-unknown-kiosk = The network does not know this kiosk: its name or its secret is wrong.
store-problem-unknown-kiosk = Call the operator: they add the kiosk to the network (guichet network kiosk) and give it its secret.
store-problem-detail = Detail for the operator
out-of-service-title = Kiosk out of service — software not verified
out-of-service-is-changed = This kiosk's program is not the published release's: it was changed.
out-of-service-is-unlisted = This kiosk's program has no signed manifest: nothing vouches that it is the published release.
out-of-service-is-unsigned = The program's manifest is not signed by the published release's key.
out-of-service-is-other-version = The manifest installed is another version's than the program's.
out-of-service-nothing-sold = The kiosk sells nothing. The units and money already recorded are kept: nothing is lost.
out-of-service-advice = Call the operator: Guichet's signed package must be installed again, then the kiosk restarted.
operator-software-verified = Software verified · SHA-256 { $digest }
operator-software-development = Software not verified (development build)
store-problem-untouched = The file was not changed: nothing is lost.
store-problem-locked = Another program is using the database. Close it, then start Guichet again.
store-problem-read-only = Guichet must be able to write to this file. Check its permissions, then start Guichet again.
store-problem-newer = This file comes from a newer version of Guichet. Install that version.
store-problem-damaged = Call the operator: the last backup of this file must be restored.

## Tables
stake = Stake
play = Play { $price }
auto = Auto
go = GO
star-fortune-invite = Choose the stake, then “Play { $price }”: two pucks to drop through the stars.
star-fortune-tap = Tap a puck to drop it; if it falls into a BONUS case, tap “GO”.
star-fortune-drop = { $number ->
    [1] First puck
   *[other] Second puck
}
star-fortune-later = Still to come
star-fortune-choose = Choose a puck
star-fortune-falling = The puck is falling…
star-fortune-bonus = BONUS
star-fortune-puck-label = Puck { $number }: drop it
star-fortune-place-label = Place { $number }: { $amount }
star-fortune-case-label = BONUS case { $number }: { $state }
star-fortune-case-empty = empty
star-fortune-case-caught = tap GO
balance-short = Balance too low: add credit.
x10-winning-numbers = Winning numbers
x10-your-numbers = Your numbers
bingo-bonus-balls = Bonus balls

## Black Jack
blackjack-bank = Bank
blackjack-bank-hidden = The Bank's hidden card
blackjack-your-hands = Your hands
blackjack-hand = Win { $number }
blackjack-twenty-one = 21 · ×2
blackjack-doubled = { $amount } × 2 = { $paid }
blackjack-invite = Press "Play { $price }": three hands against the Bank.
blackjack-tap = Tap your hands and the Bank's hidden card to reveal them.
blackjack-auto = Revealing automatically…

## X10
x10-invite = Press “Play { $price }”: three winning numbers and nine bundles of banknotes to reveal.
x10-tap = Tap the diamonds and the bundles to reveal them, in any order.
x10-auto = Revealing automatically…
x10-hidden = hidden
x10-diamond-label = Winning numbers { $number }: { $state }
x10-bundle-label = Your numbers { $number }: { $state }
x10-multiplied = { $amount } × { $coefficient } = { $paid }

## Bingo
bingo-invite = Press “Play { $price }”: fifteen balls and three bonus balls to fill your two grids.
bingo-tap = Tap the sphere to draw each ball, then the three bonus balls.
bingo-auto = Drawing automatically…
bingo-hidden = hidden
bingo-bonus-label = Bonus ball { $number }: { $state }
bingo-sphere-label = Sphere: { $drawn ->
    [0] no ball drawn
    [1] one ball drawn
   *[other] { $drawn } balls drawn
} of 15
bingo-drawn-label = Ball { $number }: { $ball }
bingo-grid-title = Grid { $number }
bingo-sphere-last = { $sphere }, the last: { $ball }
bingo-joker = Joker
bingo-marked = marked
bingo-unmarked = not marked
bingo-cell-label = Grid { $grid }, row { $row }, column { $column }: { $value }, { $state }
bingo-entry-label = Grid { $grid }, { $name }: { $amount }{ $state ->
    [best] , won
    [replaced] , replaced by a better one
   *[open] {""}
}

## Responsible gaming
limits = Limits
session-label = Session
session-time = { $minutes } min
session-hours = { $hours } h { $minutes }
age-title = Adults only
age-explanation = The law forbids selling games of chance to minors. Are you 18 or over?
age-yes = Yes, I am 18 or over
age-no = No
age-refused-banner = Play is for adults only: it is disabled on this kiosk.
age-ask-again = I am 18 or over
tile-closed = Closed
limits-title = Your play limits
limits-explanation = Set what you may deposit and stake over 7 rolling days. Lowering a limit applies at once; raising one only 48 hours later.
limits-first = Set both limits before your first deposit or your first stake.
limits-deposit = Deposits over 7 days
limits-stake = Stakes over 7 days
limits-not-set = Not set yet
limits-current = Limit: { $limit } · { $left } left this week
limits-pending = Raise to { $amount } on { $date }
limits-less = Less
limits-more = More
limits-save = Save my limits
limits-saved = Your limits are saved.
limits-saved-pending = Your limits are saved. A raise takes effect on { $date }.
limits-pause = Take a break
exclusion-title = Take a break
exclusion-explanation = During a break you can neither stake nor credit your account. You can always withdraw your balance. A break cannot be shortened.
exclusion-choose = How long
exclusion-days = { $days ->
    [1] 24 hours
    [365] 1 year
   *[other] { $days } days
}
exclusion-confirm = Confirm a break of { $duration }
exclusion-choose-first = Choose a length first
exclusion-until = Break from play until { $date }.
exclusion-banner = Break from play until { $date }: no stake and no credit until then.
reality-title = Your session so far
reality-played = You have been playing for { $duration }.
reality-net = Session result: { $net }
reality-continue = Continue
reality-stop = Stop
notice-no-limits = First set your deposit and stake limits over 7 days. Nothing was debited.
notice-deposit-limit = This credit of { $amount } would pass your 7-day deposit limit ({ $limit }): { $left } left.
notice-stake-limit = This stake of { $amount } would pass your 7-day stake limit ({ $limit }): { $left } left.
notice-limit-frees = { $message } Possible from { $date }. Nothing was debited.
notice-limit-never = { $message } This amount is above the limit itself. Nothing was debited.
notice-excluded = You chose a break until { $date }: no stake and no credit until then. Nothing was debited.
notice-under-age = Play is for adults only.
sound-on = Sound on
sound-off = Sound off
attract-touch = Touch to play
pin-choose = Choose the operator PIN
pin-again = Type the PIN again
pin-enter = Operator PIN
pin-digits = { $min } to { $max } digits.
pin-wrong = Wrong PIN. { $left ->
    [1] 1 more try before the lock.
   *[other] { $left } more tries before the lock.
}
pin-locked = Too many tries: the menu is locked until { $date }.
pin-mismatch = The two PINs differ. Start again.
pin-erase = Erase
pin-confirm = Confirm
operator-title = Operator menu
operator-on-the-network = This kiosk plays on a network: the players' money, the sales and the blocks are the network's. The network's operator reads them: guichet network meters, blocks and closings, and guichet verify.
operator-leave = Leave the menu
operator-tab-credits = Credits
operator-tab-meters = Meters
operator-tab-blocks = Blocks
operator-tab-charts = Charts
operator-tab-recall = Recall
operator-tab-events = Log
operator-tab-closings = Closings
operator-tab-settings = Settings
operator-balance = Account balance: { $balance }
operator-reason = Reason
operator-reason-hint = Reason for the operation
operator-reason-needed = Every operation needs a known card and a reason.
operator-reason-cash = Cash received
operator-reason-payout = Prize paid in cash
operator-reason-correction = Correction
operator-reason-day-end = End-of-day reading
operator-reason-cash-change = Till change
operator-cash-in = Cash in { $amount }
operator-cash-out = Pay out { $amount }
operator-cashed-in = { $amount } cashed in.
operator-paid-out = { $amount } paid out.
operator-cash-in-kind = Cash in
operator-cash-out-kind = Pay out
operator-last-movements = Last movements
operator-when = When
operator-what = What
operator-detail = Detail
operator-game = Game
operator-stake = Stake
operator-units = Units
operator-staked = Staked
operator-paid = Paid
operator-closings-explained = Each day of activity is closed at the first record of the next day (and the month, and the year): signed totals, to keep apart from the kiosk.
operator-closing-make = Close now
operator-closing-export = Export the latest closing
operator-closing-folder = Exports go to “{ $folder }”.
operator-closing-no-folder = No USB stick found: plug one in to export.
operator-closings-none = No closing yet.
operator-closing-number = No.
operator-closing-period = Period
operator-closing-day = Day { $label }
operator-closing-month = Month { $label }
operator-closing-year = Year { $label }
operator-closing-demand = On demand
operator-closing-made = Closing no. { $counter } made.
operator-closing-exported = Closing no. { $counter } exported: { $file }
operator-closing-export-failed = The export failed: { $reason }
operator-rtp = Return to player
operator-rtp-table = Règlement's rate
operator-meters-installed = Since installation (never reset)
operator-meters-never-reset = Since the last reset (none yet)
operator-meters-since = Since the reset of { $date } ({ $reason })
operator-meters-reset-explained = A reset deletes nothing: it records the time and the reason, and the meters count from there. The meters since installation stay.
operator-meters-reset = Reset
operator-meters-entries = { $count ->
    [0] no entry
    [one] { $count } entry
   *[other] { $count } entries
}
operator-keys-trial = This database's keys are in a folder of the user's (~/.config/guichet/keys or --keys): a mode for trials and demonstrations. An installed kiosk keeps them as systemd credentials, encrypted by the machine.
operator-verify = Verify the database
operator-verify-clean = Verified: nothing wrong.
operator-verify-findings = { $count ->
    [1] Verified: 1 finding.
   *[other] Verified: { $count } findings.
}
operator-block-none = No block on sale: the next is committed, its digest published, before its first unit.
operator-block-selling = Block { $number }: { $sold ->
    [one] { $sold } unit sold
   *[other] { $sold } units sold
} of { $size }, { $left } left.
operator-block-lots = Lots left, per prize
operator-blocks-past = Finished blocks, seeds published
operator-blocks-past-none = No finished block.
operator-block-number = Block
operator-block-closed = Closed
operator-block-seed = Seed (or why voided)
operator-chart-rtp = Return to player over the units, against the règlement's rate
operator-chart-tiers = Prizes paid per tier, against the règlement's table
operator-chart-won = Won
operator-chart-expected = By the table
operator-chart-empty = No finished unit of this game.
operator-recall-explained = The last 10 units of this kiosk, to replay step by step.
operator-recall-none = No unit yet.
operator-recall-unit = block { $block }, no. { $index }
operator-recall-unfinished = unfinished
operator-recall-replay = Replay unit { $unit }
recall-strip = RECALL — unit { $unit } of { $date }, replayed step by step
recall-back = Back to the recall
replay-strip = RECALL — your game { $unit } of { $date }, replayed step by step
replay-back = ‹ History
replay-under-way = Replaying your game as it was played…
result-coming = The result is coming…
recall-export = Export the animation
operator-recall-recording = Recording the recall of unit { $unit }…
operator-recall-exported = Recall exported: { $file }
settings-language = Kiosk language
settings-sound = Sound
settings-on = On
settings-off = Off
settings-volume = Volume { $volume } %
settings-idle = Back to the lobby when untouched for
settings-minutes = { $minutes } min
settings-attract = Attract loop
settings-exit-explained = Close the kiosk: the screen goes back to the system. A unit under way stays resumable.
settings-exit = Close the kiosk
journal-pin-set = Operator PIN set
journal-pin-changed = Operator PIN changed
journal-menu-opened = Operator menu opened
journal-closed = The operator closed the kiosk
journal-verified = Verified: nothing to report
journal-findings = Verified: { $count ->
    [one] 1 finding
   *[other] { $count } findings
}
journal-pin-wrong = Wrong PIN ({ $wrong } of { $most })
journal-locked = { $tries } wrong PINs: menu locked until { $date }
journal-card = Card { $card }
journal-card-locked = Card { $card }: { $tries } wrong PINs, locked until { $date }
journal-taken-up = Unit { $unit } taken up
event-error = Error
event-resume = Resume
event-pin-set = PIN set
event-pin-right = Operator access
event-pin-wrong = Wrong PIN
event-lockout = Lockout
event-cash-in = Cash in
event-cash-out = Pay out
event-meter-reset = Meter reset
event-setting = Setting
event-verify = Verification
event-exit = Closed
event-clock-jump = Clock jumped forward
event-player-added = New player
event-player-pin-set = Player PIN set
event-player-pin-right = Player signed in
event-player-pin-wrong = Wrong player PIN
event-player-lockout = Card locked
event-sign-out = Player signed out

## Signing in (a kiosk of a network)
sign-in = Sign in
sign-out = Sign out
signed-in-card = Card { $card }
sign-in-card = Your card number
sign-in-card-hint = Type it, or show the card to the reader.
sign-in-pin = PIN of card { $card }
sign-in-pin-hint = { $min } to { $max } digits.
sign-in-next = Next
sign-in-confirm = Confirm
sign-in-other-card = ‹ Another card
sign-in-wrong = Wrong PIN. { $left ->
    [1] 1 more try before the card locks.
   *[other] { $left } more tries before the card locks.
}
sign-in-locked = Too many tries: the card is locked until { $date }.
sign-in-unknown = Unknown card, or no PIN set: ask at the desk.
sign-in-session-ended = Your session has ended: sign in again.

## The legal warning (the French text is the law's; this is its translation)
legal-warning = Translation of the French warning above: gambling can be dangerous: loss of money, family conflicts, addiction… Find our advice at joueurs-info-service.fr (09 74 75 13 13 - call not surcharged)
legal-minors = Gambling is forbidden to minors

# New player, a player's session
new-player = New player
new-player-title = New player: gambling is for adults only
new-player-minor = No account was opened. You may look at the games and their rules.
new-player-back = Back to the lobby
new-player-pin = Choose your secret code
new-player-again = Type your secret code again
new-player-mismatch = The two codes differ: choose it again.
new-player-your-card = Your card number
new-player-note-it = Write it down: it is asked for, with your code, at every sign-in.
new-player-limits = Set my play limits
still-there-title = Are you still there?
still-there-explained = Without an answer, you will be signed out in { $seconds } s.
still-there-yes = I am here
settings-reality = Session reminder every
operator-players = Players (their limits and breaks are their own: seen here, never changed)
operator-players-card = Card
operator-players-balance = Balance
operator-players-deposit = Deposits / 7 d
operator-players-stake = Stakes / 7 d
operator-players-used = { $used } of { $limit }
operator-players-used-unlimited = { $used } (no limit)
operator-players-break = Break until
operator-card = Player's card
operator-card-hint = number
operator-card-unknown = Choose a player's card.
operator-choose-card = no. { $card }

## Recorded replay (guichet replay)
replay-caption = RAPPEL (replay) · kiosk { $kiosk } · game no. { $unit } of { $time }
reconnecting-title = The network does not answer, trying again…
reconnecting-kept = Nothing is lost: your money and your game are kept on the network.
reconnecting-explanation = The kiosk tries again by itself and takes your game up where it stopped.
reconnecting-next = Next try in { $seconds } s (tries so far: { $tries })
reconnecting-now = Try again now
