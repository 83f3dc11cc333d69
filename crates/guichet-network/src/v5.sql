-- Schema version 5: a sale is final before its prize is known, and a kiosk
-- acts for the player signed in at it, only.
--
-- Up to version 4, `buy` returned the unit's prize in the transaction that
-- bought it: a kiosk could roll back its losers (a savepoint, a `DO` block)
-- and keep its winners, and `sell` handed out units with no sale paid. Now
-- `buy` returns the sale and nothing that depends on its prize; the prize and
-- the unit-stream key come from `units`, which refuses (GU017) while the
-- transaction that bought the unit is still in progress — the sale row keeps
-- that transaction's id (`bought_in`, the top-level id even when bought in a
-- subtransaction) and `pg_xact_status` tells. A unit another connection
-- bought is not visible before it commits. So every prize learned is the
-- prize of a unit paid for, for good. `reveal` and `settle` refuse the same
-- way. `sell` is gone: every unit sold is a player's, paid from their account
-- (a check on `sales`).
--
-- And a kiosk acts for a player only while that player is signed in at it.
-- The desk gives each player a PIN (`set_pin`: 4 to 8 digits, of which only
-- a bcrypt hash is kept, `pgcrypto`). Signing in takes two calls: `try_pin`
-- records the attempt — counted, the PIN checked, its outcome kept, nothing
-- told — and `sign_in`, which refuses while `try_pin`'s transaction is in
-- progress, tells the outcome: so a kiosk that rolls back a wrong guess has
-- learned nothing, and every guess it learns the answer to was counted. Five
-- wrong guesses in a row lock the card for 15 minutes. A right one gives a
-- session token bound to that kiosk (its SHA-256 kept), which every function
-- that reads or charges the player takes instead of a card number; a session
-- ends at `sign_out`, at the next sign-in at its kiosk, or after 30 minutes
-- unused. `balance(text)`, which told anyone any player's
-- balance, is gone.
--
-- Every function of the schema is taken back from PUBLIC; the operator's
-- tool grants the kiosk role its list (`operator.rs`).

UPDATE guichet.schema_version SET version = 5;

CREATE EXTENSION IF NOT EXISTS pgcrypto WITH SCHEMA guichet;
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                   WHERE e.extname = 'pgcrypto' AND n.nspname = 'guichet') THEN
        RAISE EXCEPTION 'pgcrypto is installed in another schema of this database: Guichet needs it in schema guichet';
    END IF;
END
$$;

-- The old functions, which told the prize inside the purchase or trusted a
-- card number.
DROP FUNCTION guichet.sell(text, text, text);
DROP FUNCTION guichet.buy(text, text, text, text, integer);
DROP FUNCTION guichet.reveal(text, text, bigint, integer, text[]);
DROP FUNCTION guichet.settle(text, text, bigint);
DROP FUNCTION guichet.kiosk_units(text, text, bigint);
DROP FUNCTION guichet.player_units(text, text, text, integer);
DROP FUNCTION guichet.player_net(text, text, text, bigint);
DROP FUNCTION guichet.player_protection(text, text, text);
DROP FUNCTION guichet.balance(text);
DROP FUNCTION guichet.buy(text, text, text, integer);
DROP FUNCTION guichet.reveal(text, bigint, integer, text[]);
DROP FUNCTION guichet.settle(text, bigint);
DROP FUNCTION guichet.kiosk_units(text, bigint);
DROP FUNCTION guichet.sell(text, text);

-- The transaction that bought each unit (NULL for the units sold before).
ALTER TABLE guichet.sales ADD COLUMN bought_in xid8;
-- From now on, every unit sold is a player's (the cash sales before stay).
ALTER TABLE guichet.sales ADD CONSTRAINT sales_paid_by_a_player
    CHECK (player_id IS NOT NULL) NOT VALID;
DROP INDEX guichet.sales_unsettled;
CREATE INDEX sales_unsettled ON guichet.sales (kiosk, player_id)
    WHERE settled_at IS NULL AND generator IS NOT NULL;
CREATE INDEX sales_of_player ON guichet.sales (player_id, id);

-- Each player's PIN (a bcrypt hash; NULL until the desk sets one), the
-- guesses since their last sign-in, and the end of a lock.
ALTER TABLE guichet.players
    ADD COLUMN pin_hash text,
    ADD COLUMN pin_tries integer NOT NULL DEFAULT 0 CHECK (pin_tries >= 0),
    ADD COLUMN locked_until timestamptz;

-- Every guess of a PIN, kept: at which kiosk, for which card, its outcome
-- ('right', 'wrong', 'locked': the card was locked, 'unknown': no such card
-- or no PIN set), the guesses left after it, the lock it began, and the
-- transaction that made it (`sign_in` tells the outcome once it committed).
CREATE TABLE guichet.pin_attempts (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kiosk text NOT NULL,
    card text NOT NULL,
    player_id bigint REFERENCES guichet.players,
    outcome text NOT NULL CHECK (outcome IN ('right', 'wrong', 'locked', 'unknown')),
    tries_left integer NOT NULL CHECK (tries_left >= 0),
    locked_until timestamptz,
    made_in xid8 NOT NULL,
    at timestamptz NOT NULL DEFAULT now(),
    used_at timestamptz
);
CREATE INDEX pin_attempts_of_card ON guichet.pin_attempts (card, id);

-- A player's sessions: the token's SHA-256, the kiosk it is bound to, when it
-- was last used, and how it ended.
CREATE TABLE guichet.sessions (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    token_sha256 bytea NOT NULL UNIQUE CHECK (length(token_sha256) = 32),
    player_id bigint NOT NULL REFERENCES guichet.players,
    kiosk text NOT NULL REFERENCES guichet.kiosks (name),
    started_at timestamptz NOT NULL DEFAULT now(),
    seen_at timestamptz NOT NULL DEFAULT now(),
    ended_at timestamptz,
    ended_by text CHECK (ended_by IN ('sign_out', 'replaced')),
    CHECK ((ended_at IS NULL) = (ended_by IS NULL))
);
CREATE INDEX sessions_open_at_kiosk ON guichet.sessions (kiosk) WHERE ended_at IS NULL;

-- Sets player `card`'s PIN (the desk's act): 4 to 8 digits, kept as a bcrypt
-- hash; the guesses counted and a lock are cleared.
CREATE FUNCTION guichet.set_pin(card text, pin text)
RETURNS void
LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
    IF pin IS NULL OR pin !~ '^[0-9]{4,8}$' THEN
        RAISE EXCEPTION 'a PIN is 4 to 8 digits' USING ERRCODE = 'GU018';
    END IF;
    UPDATE guichet.players p
    SET pin_hash = guichet.crypt(pin, guichet.gen_salt('bf', 8)), pin_tries = 0, locked_until = NULL
    WHERE p.name = card;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no player %', card USING ERRCODE = 'GU004';
    END IF;
END
$$;

-- A time as the kiosks read them: 2026-11-29T20:01:02Z.
CREATE FUNCTION guichet.utc(moment timestamptz)
RETURNS text
LANGUAGE sql IMMUTABLE
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT to_char(moment AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
$$;

-- Kiosk `kiosk` (known by `secret`) guesses card `card`'s PIN: the guess is
-- counted and its outcome kept, and nothing is told but the attempt's number,
-- for `sign_in` once this transaction has committed. What this function does
-- is the same whatever the guess: the hash is computed even for a locked or
-- unknown card, and the player's row is written at every guess. The fifth
-- wrong guess since the last sign-in locks the card for 15 minutes.
CREATE FUNCTION guichet.try_pin(kiosk text, secret text, card text, pin text)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    most CONSTANT integer := 5;
    player guichet.players%ROWTYPE;
    known boolean;
    locked boolean;
    right_pin boolean;
    tries integer;
    outcome text;
    lock_until timestamptz;
    attempt bigint;
BEGIN
    PERFORM guichet.check_kiosk(kiosk, secret);
    SELECT * INTO player FROM guichet.players p WHERE p.name = card FOR UPDATE;
    known := FOUND AND player.pin_hash IS NOT NULL;
    -- A hash of the same cost for an unknown card: the time tells nothing.
    right_pin := coalesce(pin ~ '^[0-9]{4,8}$', false)
        AND guichet.crypt(coalesce(pin, ''), coalesce(player.pin_hash, guichet.gen_salt('bf', 8)))
            = player.pin_hash;
    locked := coalesce(player.locked_until > now(), false);
    tries := player.pin_tries + 1;
    outcome := CASE WHEN NOT known THEN 'unknown' WHEN locked THEN 'locked'
                    WHEN right_pin THEN 'right' ELSE 'wrong' END;
    lock_until := CASE WHEN outcome = 'wrong' AND tries >= most THEN now() + interval '15 minutes'
                       WHEN locked THEN player.locked_until END;
    UPDATE guichet.players p
    SET pin_tries = CASE WHEN outcome = 'wrong' AND tries >= most THEN 0
                         WHEN outcome = 'wrong' THEN tries ELSE p.pin_tries END,
        locked_until = coalesce(lock_until, p.locked_until)
    WHERE p.id = player.id;
    INSERT INTO guichet.pin_attempts
        (kiosk, card, player_id, outcome, tries_left, locked_until, made_in)
    VALUES (try_pin.kiosk, left(card, 64), player.id, outcome,
            CASE WHEN outcome = 'wrong' AND tries < most THEN most - tries ELSE 0 END,
            lock_until, pg_current_xact_id())
    RETURNING id INTO attempt;
    RETURN attempt;
END
$$;

-- The outcome of attempt `attempt` of kiosk `kiosk`, once the transaction
-- that made it has committed (GU017 before), within a minute of it: a
-- session's token when the PIN was right (once), else why not — 'wrong' (the
-- guesses left), 'locked' (until when), 'unknown' (no such card, or no PIN
-- set at the desk). A sign-in ends the session open at the kiosk, if any.
CREATE FUNCTION guichet.sign_in(kiosk text, secret text, attempt bigint)
RETURNS TABLE (token text, refusal text, tries_left integer, locked_until text)
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    tried guichet.pin_attempts%ROWTYPE;
    new_token text;
BEGIN
    PERFORM guichet.check_kiosk(kiosk, secret);
    SELECT * INTO tried FROM guichet.pin_attempts a
    WHERE a.id = attempt AND a.kiosk = sign_in.kiosk FOR UPDATE;
    IF NOT FOUND OR tried.at < now() - interval '1 minute' THEN
        RAISE EXCEPTION 'kiosk % made no attempt % in the last minute', kiosk, attempt
            USING ERRCODE = 'GU019';
    END IF;
    IF pg_xact_status(tried.made_in) = 'in progress' THEN
        RAISE EXCEPTION 'attempt % is told once the transaction that made it has committed', attempt
            USING ERRCODE = 'GU017';
    END IF;
    IF tried.outcome <> 'right' THEN
        RETURN QUERY SELECT NULL::text, tried.outcome, tried.tries_left, guichet.utc(tried.locked_until);
        RETURN;
    END IF;
    IF tried.used_at IS NOT NULL THEN
        RAISE EXCEPTION 'attempt % was used', attempt USING ERRCODE = 'GU019';
    END IF;
    UPDATE guichet.pin_attempts a SET used_at = now() WHERE a.id = attempt;
    UPDATE guichet.players p SET pin_tries = 0 WHERE p.id = tried.player_id;
    UPDATE guichet.sessions s SET ended_at = now(), ended_by = 'replaced'
    WHERE s.ended_at IS NULL AND s.kiosk = sign_in.kiosk;
    new_token := encode(guichet.gen_random_bytes(32), 'hex');
    INSERT INTO guichet.sessions (token_sha256, player_id, kiosk)
    VALUES (sha256(convert_to(new_token, 'UTF8')), tried.player_id, sign_in.kiosk);
    RETURN QUERY SELECT new_token, NULL::text, NULL::integer, NULL::text;
END
$$;

-- The player signed in at kiosk `kiosk` (known by `secret`) by session
-- `token`: refused (GU016) unless the session is this kiosk's, not ended,
-- and used in the last 30 minutes. Each use keeps it alive.
CREATE FUNCTION guichet.session_player(kiosk text, secret text, token text)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    open_session guichet.sessions%ROWTYPE;
BEGIN
    PERFORM guichet.check_kiosk(kiosk, secret);
    SELECT * INTO open_session FROM guichet.sessions s
    WHERE s.token_sha256 = sha256(convert_to(coalesce(token, ''), 'UTF8'))
      AND s.kiosk = session_player.kiosk AND s.ended_at IS NULL;
    IF NOT FOUND OR open_session.seen_at < now() - interval '30 minutes' THEN
        RAISE EXCEPTION 'no player is signed in at kiosk % by this session', kiosk
            USING ERRCODE = 'GU016';
    END IF;
    IF open_session.seen_at < now() - interval '1 minute' THEN
        UPDATE guichet.sessions s SET seen_at = now() WHERE s.id = open_session.id;
    END IF;
    RETURN open_session.player_id;
END
$$;

-- Ends session `token` at kiosk `kiosk`, if it is open.
CREATE FUNCTION guichet.sign_out(kiosk text, secret text, token text)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
    PERFORM guichet.check_kiosk(kiosk, secret);
    UPDATE guichet.sessions s SET ended_at = now(), ended_by = 'sign_out'
    WHERE s.token_sha256 = sha256(convert_to(coalesce(token, ''), 'UTF8'))
      AND s.kiosk = sign_out.kiosk AND s.ended_at IS NULL;
END
$$;

-- Sells the next unit of emission `wanted` at kiosk `kiosk` to the player of
-- session `token`, paid from their account in the same transaction, to be
-- played with scenario generator `generator`: refused, and nothing sold, when
-- the balance is below the stake, the player's protection refuses it, or the
-- player has a unit not settled at this kiosk. Returns the sale, the unit's
-- place, the balance after and when it was sold — nothing that depends on its
-- prize (`units` tells it once this transaction has committed). The player's
-- row is locked first, then the kiosk's, then (once the player's checks
-- pass) the emission's.
CREATE FUNCTION guichet.buy(kiosk text, secret text, token text, wanted text, generator integer)
RETURNS TABLE (sale_id bigint, block_number integer, unit_index integer, balance_cents bigint,
               sold_at text)
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    chunk_size CONSTANT integer := 4096;
    payer bigint := guichet.session_player(kiosk, secret, token);
    player guichet.players%ROWTYPE;
    stake bigint;
    unfinished bigint;
    block guichet.blocks%ROWTYPE;
    found_tier integer;
    sale bigint;
BEGIN
    SELECT * INTO player FROM guichet.players p WHERE p.id = payer FOR UPDATE;
    -- One unit at a time on a kiosk: two purchases of one kiosk wait in turn.
    PERFORM pg_advisory_xact_lock(hashtext('guichet.kiosk:' || kiosk));
    SELECT s.id INTO unfinished FROM guichet.sales s
    WHERE s.kiosk = buy.kiosk AND s.player_id = payer AND s.settled_at IS NULL
      AND s.generator IS NOT NULL
    ORDER BY s.id LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'unit % at kiosk % is not settled', unfinished, kiosk
            USING ERRCODE = 'GU006', DETAIL = unfinished::text;
    END IF;
    SELECT e.stake_cents INTO stake FROM guichet.emissions e WHERE e.code = wanted;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no block of emission % was ever opened', wanted
            USING ERRCODE = 'GU001';
    END IF;
    PERFORM guichet.check_protection(payer, 'stake', stake);
    IF player.balance_cents < stake THEN
        RAISE EXCEPTION 'balance too low: % cents, the stake is % cents', player.balance_cents, stake
            USING ERRCODE = 'GU005', DETAIL = player.balance_cents::text;
    END IF;
    -- The emission's row last, held for the unit's taking alone: the sales of
    -- one emission take their units one after the other.
    PERFORM 1 FROM guichet.emissions e WHERE e.code = wanted FOR UPDATE;
    SELECT * INTO block FROM guichet.blocks b
    WHERE b.emission = wanted AND b.closed_at IS NULL
    ORDER BY b.number LIMIT 1;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no open block of emission %: the operator opens the next one', wanted
            USING ERRCODE = 'GU002';
    END IF;
    SELECT get_byte(t.tiers, block.sold % chunk_size) INTO found_tier
    FROM guichet.block_tiers t
    WHERE t.block_id = block.id AND t.chunk = block.sold / chunk_size;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'block % of emission % has no tier for unit %', block.number, wanted, block.sold
            USING ERRCODE = 'GU003';
    END IF;
    INSERT INTO guichet.sales (block_id, unit_index, kiosk, tier, player_id, generator, bought_in)
    VALUES (block.id, block.sold, kiosk, NULLIF(found_tier, 255), payer, generator,
            pg_current_xact_id())
    RETURNING id INTO sale;
    UPDATE guichet.blocks b
    SET sold = b.sold + 1, closed_at = CASE WHEN b.sold + 1 = b.size THEN now() END
    WHERE b.id = block.id;
    UPDATE guichet.players p SET balance_cents = p.balance_cents - stake WHERE p.id = payer;
    INSERT INTO guichet.ledger
        (player_id, kind, amount_cents, balance_after_cents, kiosk, block_id, unit_index)
    VALUES (payer, 'stake', -stake, player.balance_cents - stake, kiosk, block.id, block.sold);
    RETURN QUERY SELECT sale, block.number, block.sold, player.balance_cents - stake,
                        guichet.utc(now());
END
$$;

-- Refuses (GU017) when unit `sale` was bought by a transaction still in
-- progress: this one (no other's sale is visible before it commits).
CREATE FUNCTION guichet.check_final(sale bigint)
RETURNS void
LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM guichet.sales s
               WHERE s.id = sale AND pg_xact_status(s.bought_in) = 'in progress') THEN
        RAISE EXCEPTION 'unit % is told once the purchase has committed', sale
            USING ERRCODE = 'GU017';
    END IF;
END
$$;

-- A unit as a kiosk shows it: the columns of `unit_rows`, `units` and
-- `player_units` (what the kiosk's `UNIT_ROW` reads).
CREATE TYPE guichet.unit_row AS (
    sale_id bigint, emission text, block_number integer, unit_index integer,
    prize_cents bigint, stream_key bytea, generator integer, sold_at text,
    settled_at text, steps text[]
);

-- Units `chosen` as a kiosk shows them, oldest first: each with its prize,
-- its block's unit-stream key and its steps, once its purchase has committed
-- (GU017 before).
CREATE FUNCTION guichet.unit_rows(chosen bigint[])
RETURNS SETOF guichet.unit_row
LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    sale bigint;
BEGIN
    FOREACH sale IN ARRAY chosen LOOP
        PERFORM guichet.check_final(sale);
    END LOOP;
    RETURN QUERY
    SELECT s.id, b.emission, b.number, s.unit_index, coalesce(p.prize_cents, 0), b.stream_key,
           s.generator, guichet.utc(s.sold_at), guichet.utc(s.settled_at),
           ARRAY(SELECT r.step FROM guichet.reveal_steps r WHERE r.sale_id = s.id ORDER BY r.seq)
    FROM guichet.sales s
    JOIN guichet.blocks b ON b.id = s.block_id
    LEFT JOIN guichet.prizes p ON p.emission = b.emission AND p.tier = s.tier
    WHERE s.id = ANY (chosen)
    ORDER BY s.id;
END
$$;

-- The units of the player of session `token` a kiosk shows: unit `wanted`
-- alone (theirs: played at this kiosk, or settled), or (when `wanted` is
-- NULL) every one they left unsettled at this kiosk.
CREATE FUNCTION guichet.units(kiosk text, secret text, token text, wanted bigint)
RETURNS SETOF guichet.unit_row
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    player bigint := guichet.session_player(kiosk, secret, token);
BEGIN
    RETURN QUERY SELECT * FROM guichet.unit_rows(ARRAY(
        SELECT s.id FROM guichet.sales s
        WHERE s.player_id = player AND s.generator IS NOT NULL
          AND CASE WHEN wanted IS NULL
                   THEN s.kiosk = units.kiosk AND s.settled_at IS NULL
                   ELSE s.id = wanted AND (s.kiosk = units.kiosk OR s.settled_at IS NOT NULL)
              END
        ORDER BY s.id));
END
$$;

-- The units of the player of session `token`, at any kiosk, newest first, at
-- most `lim` (their history), each as `units` gives it.
CREATE FUNCTION guichet.player_units(kiosk text, secret text, token text, lim integer)
RETURNS SETOF guichet.unit_row
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    player bigint := guichet.session_player(kiosk, secret, token);
BEGIN
    RETURN QUERY SELECT r.* FROM guichet.unit_rows(ARRAY(
        SELECT s.id FROM guichet.sales s
        WHERE s.player_id = player AND s.generator IS NOT NULL
        ORDER BY s.id DESC LIMIT lim)) r
    ORDER BY r.sale_id DESC;
END
$$;

-- Unit `sale` of the player of session `token`, played at kiosk `kiosk`,
-- locked: refused unless it is theirs and this kiosk's (GU007), and final
-- (GU017).
CREATE FUNCTION guichet.played_unit(kiosk text, player bigint, sale bigint)
RETURNS guichet.sales
LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    unit guichet.sales%ROWTYPE;
BEGIN
    SELECT * INTO unit FROM guichet.sales s
    WHERE s.id = sale AND s.kiosk = played_unit.kiosk AND s.player_id = player
      AND s.generator IS NOT NULL
    FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no unit % of this player played at kiosk %', sale, kiosk
            USING ERRCODE = 'GU007';
    END IF;
    PERFORM guichet.check_final(sale);
    RETURN unit;
END
$$;

-- Journals `steps` of unit `sale`, the first of them step number
-- `first_seq`: refused unless exactly `first_seq` steps are journaled already
-- (a step is never written twice nor skipped) and the unit is not settled.
-- Returns the steps journaled in all.
CREATE FUNCTION guichet.reveal(kiosk text, secret text, token text, sale bigint,
                               first_seq integer, steps text[])
RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    player bigint := guichet.session_player(kiosk, secret, token);
    unit guichet.sales%ROWTYPE := guichet.played_unit(kiosk, player, sale);
    journaled integer;
BEGIN
    IF unit.settled_at IS NOT NULL THEN
        RAISE EXCEPTION 'unit % is already settled', sale USING ERRCODE = 'GU008';
    END IF;
    SELECT count(*) INTO journaled FROM guichet.reveal_steps r WHERE r.sale_id = sale;
    IF journaled <> first_seq THEN
        RAISE EXCEPTION 'unit % has % steps journaled, not %', sale, journaled, first_seq
            USING ERRCODE = 'GU009';
    END IF;
    INSERT INTO guichet.reveal_steps (sale_id, seq, step)
    SELECT sale, first_seq + (t.position - 1)::integer, t.step
    FROM unnest(steps) WITH ORDINALITY AS t(step, position);
    RETURN journaled + coalesce(cardinality(steps), 0);
END
$$;

-- Settles unit `sale`: credits the prize its tier gives to the player who
-- paid for it, exactly once, and says when it was settled. Settling it again
-- credits nothing. The kiosk settles a unit once the player has revealed it
-- all (the operator's `verify` replays the journal of every settled unit).
CREATE FUNCTION guichet.settle(kiosk text, secret text, token text, sale bigint)
RETURNS TABLE (credited boolean, prize_cents bigint, balance_cents bigint, settled_at text)
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    payer bigint := guichet.session_player(kiosk, secret, token);
    player guichet.players%ROWTYPE;
    unit guichet.sales%ROWTYPE;
    prize bigint;
BEGIN
    -- The player's row first, as `buy` locks it, then the unit's.
    SELECT * INTO player FROM guichet.players p WHERE p.id = payer FOR UPDATE;
    unit := guichet.played_unit(kiosk, payer, sale);
    SELECT coalesce(max(p.prize_cents), 0) INTO prize
    FROM guichet.blocks b JOIN guichet.prizes p ON p.emission = b.emission
    WHERE b.id = unit.block_id AND p.tier = unit.tier;
    IF unit.settled_at IS NOT NULL THEN
        RETURN QUERY SELECT false, prize, player.balance_cents, guichet.utc(unit.settled_at);
        RETURN;
    END IF;
    UPDATE guichet.sales s SET settled_at = now() WHERE s.id = sale;
    IF prize > 0 THEN
        UPDATE guichet.players p SET balance_cents = p.balance_cents + prize WHERE p.id = payer;
        INSERT INTO guichet.ledger
            (player_id, kind, amount_cents, balance_after_cents, kiosk, block_id, unit_index)
        VALUES (payer, 'prize', prize, player.balance_cents + prize, kiosk, unit.block_id,
                unit.unit_index);
    END IF;
    RETURN QUERY SELECT true, prize, player.balance_cents + prize, guichet.utc(now());
END
$$;

-- The balance of the player of session `token`.
CREATE FUNCTION guichet.player_balance(kiosk text, secret text, token text)
RETURNS bigint
LANGUAGE sql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT p.balance_cents FROM guichet.players p
    WHERE p.id = guichet.session_player(kiosk, secret, token)
$$;

-- The ledger of the player of session `token` as the kiosk reads it for a
-- reality check: the number of their last entry, and what their stakes and
-- prizes after entry `after` come to (negative when they lost).
CREATE FUNCTION guichet.player_net(kiosk text, secret text, token text, after bigint)
RETURNS TABLE (mark bigint, net_cents bigint)
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    player bigint := guichet.session_player(kiosk, secret, token);
BEGIN
    RETURN QUERY
    SELECT coalesce(max(l.id), 0),
           coalesce(sum(l.amount_cents)
                    FILTER (WHERE l.id > after AND l.kind IN ('stake', 'prize')), 0)::bigint
    FROM guichet.ledger l WHERE l.player_id = player;
END
$$;

-- The protection of the player of session `token` as it stands now: for
-- each limit ('deposit_limit', 'stake_limit') the one in force, a raise
-- waiting (its amount and when it takes effect: the last one set, if it has
-- not taken effect yet) and what the last 7 days used (deposits, or stakes);
-- and the end of the exclusion running, if one is.
CREATE FUNCTION guichet.player_protection(kiosk text, secret text, token text)
RETURNS TABLE (which text, in_force bigint, pending bigint, pending_from text, used bigint,
               excluded_until text)
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    player bigint := guichet.session_player(kiosk, secret, token);
BEGIN
    RETURN QUERY
    SELECT k.which,
           guichet.limit_in_force(player, k.which, now()),
           last.amount_cents,
           guichet.utc(last.effective_at),
           (SELECT coalesce(sum(abs(l.amount_cents)), 0)::bigint FROM guichet.ledger l
            WHERE l.player_id = player AND l.kind = k.ledger_kind
              AND l.at > now() - interval '7 days'),
           (SELECT guichet.utc(max(x.until)) FROM guichet.protection x
            WHERE x.player_id = player AND x.kind = 'exclusion' HAVING max(x.until) > now())
    FROM (VALUES ('deposit_limit', 'deposit'), ('stake_limit', 'stake')) AS k(which, ledger_kind)
    LEFT JOIN LATERAL (
        SELECT r.amount_cents, r.effective_at FROM guichet.protection r
        WHERE r.player_id = player AND r.kind = k.which
        ORDER BY r.id DESC LIMIT 1
    ) AS last ON last.effective_at > now()
    ORDER BY k.which;
END
$$;

-- No function of the schema is anybody's to call but by a grant (pgcrypto's
-- included): the operator's tool grants the kiosk role its list, and takes
-- back from PUBLIC what any later migration creates.
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA guichet FROM PUBLIC;
