-- Guichet on PostgreSQL, version 2: a unit's life on a kiosk of the network —
-- its scenario, its reveal journaled step by step, its settlement.
--
-- A kiosk buys a unit for a player (`guichet.buy`, now with the version of the
-- scenario generator it draws with) and is told that unit's prize and its
-- block's unit-stream key: the key draws the unit's scenario and says nothing
-- of any unit's prize (it is derived from the seed one way, apart from the
-- permutation's key). The kiosk journals the steps the player takes
-- (`guichet.reveal`), then settles the unit (`guichet.settle`), which credits
-- the prize the stored tier gives — never an amount the kiosk says. A kiosk
-- plays one unit at a time: it resumes its unsettled unit after a crash
-- (`guichet.kiosk_units`). `guichet.sell` is unchanged: a unit sold for cash,
-- not played on the kiosk.
--
-- And player protection and payouts on the network's accounts, as on a
-- kiosk's own file (ANJ, décret n° 2020-494, article 17): a deposit limit and a
-- stake limit over 7 rolling days, set at the operator's desk (a first setting
-- or a lowering at once, a raise 48 hours later), self-exclusion, and no
-- deposit nor stake without both limits, past one, or while excluded. A
-- player's age is checked at the desk when the account is opened (a card is
-- issued on an identity document). A withdrawal is always possible, up to the
-- balance.

UPDATE guichet.schema_version SET version = 2;

-- Each emission's prizes by tier, as the operator's tool knows them: what
-- `settle` credits.
CREATE TABLE guichet.prizes (
    emission text NOT NULL REFERENCES guichet.emissions,
    tier smallint NOT NULL CHECK (tier BETWEEN 0 AND 254),
    prize_cents bigint NOT NULL CHECK (prize_cents > 0),
    PRIMARY KEY (emission, tier)
);

-- Each block's unit-stream key (the operator's tool fills it for the blocks
-- opened before this version).
ALTER TABLE guichet.blocks ADD COLUMN stream_key bytea CHECK (length(stream_key) = 32);

-- A unit played on a kiosk: the player who paid for it, the generator version
-- its scenario is drawn with, and when it was settled.
ALTER TABLE guichet.sales
    ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    ADD COLUMN player_id bigint REFERENCES guichet.players,
    ADD COLUMN generator integer CHECK (generator > 0),
    ADD COLUMN settled_at timestamptz,
    ADD CHECK ((player_id IS NULL) = (generator IS NULL)),
    ADD CHECK (settled_at IS NULL OR generator IS NOT NULL);
CREATE INDEX sales_unsettled ON guichet.sales (kiosk)
    WHERE settled_at IS NULL AND generator IS NOT NULL;

-- The steps a player took, in order, as the kiosk's JSON.
CREATE TABLE guichet.reveal_steps (
    sale_id bigint NOT NULL REFERENCES guichet.sales (id),
    seq integer NOT NULL CHECK (seq >= 0),
    step text NOT NULL,
    at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (sale_id, seq)
);

-- A prize credited and a payout are ledger entries of their own; a prize
-- points to its unit.
ALTER TABLE guichet.ledger
    DROP CONSTRAINT ledger_kind_check,
    DROP CONSTRAINT ledger_check,
    ADD CONSTRAINT ledger_kind_check
        CHECK (kind IN ('deposit', 'withdrawal', 'stake', 'prize')),
    ADD CONSTRAINT ledger_unit_check
        CHECK ((kind IN ('stake', 'prize')) = (unit_index IS NOT NULL)),
    ADD CONSTRAINT ledger_sign_check
        CHECK ((kind IN ('deposit', 'prize')) = (amount_cents > 0));
CREATE INDEX ledger_recent ON guichet.ledger (player_id, kind, at);
CREATE UNIQUE INDEX ledger_one_prize ON guichet.ledger (block_id, unit_index) WHERE kind = 'prize';

-- Every protection record, appended: the state is recomputed from them.
CREATE TABLE guichet.protection (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    player_id bigint NOT NULL REFERENCES guichet.players,
    at timestamptz NOT NULL DEFAULT now(),
    kind text NOT NULL CHECK (kind IN ('deposit_limit', 'stake_limit', 'exclusion')),
    amount_cents bigint CHECK (amount_cents > 0),
    effective_at timestamptz,
    until timestamptz,
    desk text NOT NULL,
    CHECK ((kind = 'exclusion') = (until IS NOT NULL)),
    CHECK ((kind = 'exclusion') = (amount_cents IS NULL AND effective_at IS NULL))
);
CREATE INDEX protection_of_player ON guichet.protection (player_id, kind, id);

-- The protection records are append-only.
CREATE FUNCTION guichet.refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'GU013';
END
$$;
CREATE TRIGGER protection_append_only BEFORE UPDATE OR DELETE ON guichet.protection
    FOR EACH ROW EXECUTE FUNCTION guichet.refuse_change();

-- The limit of kind `which` (`deposit_limit`, `stake_limit`) in force for
-- player `player` at `moment`: the last one set that took effect by then
-- (a lowering, set after a raise waiting, wins over it). NULL before any.
CREATE FUNCTION guichet.limit_in_force(player bigint, which text, moment timestamptz)
RETURNS bigint
LANGUAGE sql STABLE
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT p.amount_cents FROM guichet.protection p
    WHERE p.player_id = player AND p.kind = which AND p.effective_at <= moment
    ORDER BY p.id DESC LIMIT 1
$$;

-- Refuses (raises) a deposit or a stake of `amount` by player `player` now,
-- of kind `which` ('deposit' or 'stake'): while excluded (GU010, the end in
-- DETAIL), without both limits (GU011), past the limit over the last 7 days
-- (GU012, DETAIL: the limit, what is left, and when the amount fits, or
-- 'never'). The player's row is locked by the caller.
CREATE FUNCTION guichet.check_protection(player bigint, which text, amount bigint)
RETURNS void
LANGUAGE plpgsql STABLE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    excluded timestamptz;
    deposit_limit bigint := guichet.limit_in_force(player, 'deposit_limit', now());
    stake_limit bigint := guichet.limit_in_force(player, 'stake_limit', now());
    ceiling bigint;
    used bigint;
    freed bigint := 0;
    fits timestamptz;
    entry record;
BEGIN
    SELECT max(p.until) INTO excluded FROM guichet.protection p
    WHERE p.player_id = player AND p.kind = 'exclusion';
    IF excluded > now() THEN
        RAISE EXCEPTION 'excluded from play until %', excluded
            USING ERRCODE = 'GU010', DETAIL = to_char(excluded AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"');
    END IF;
    IF deposit_limit IS NULL OR stake_limit IS NULL THEN
        RAISE EXCEPTION 'no 7-day limits set: the desk sets them first' USING ERRCODE = 'GU011';
    END IF;
    ceiling := CASE which WHEN 'deposit' THEN deposit_limit ELSE stake_limit END;
    SELECT coalesce(sum(abs(l.amount_cents)), 0) INTO used FROM guichet.ledger l
    WHERE l.player_id = player AND l.kind = which AND l.at > now() - interval '7 days';
    IF used + amount <= ceiling THEN
        RETURN;
    END IF;
    IF amount <= ceiling THEN
        FOR entry IN
            SELECT l.at, abs(l.amount_cents) AS amount FROM guichet.ledger l
            WHERE l.player_id = player AND l.kind = which AND l.at > now() - interval '7 days'
            ORDER BY l.at, l.id
        LOOP
            freed := freed + entry.amount;
            IF used - freed + amount <= ceiling THEN
                fits := entry.at + interval '7 days';
                EXIT;
            END IF;
        END LOOP;
    END IF;
    RAISE EXCEPTION '7-day % limit reached', which
        USING ERRCODE = 'GU012',
              DETAIL = ceiling::text || ' ' || greatest(ceiling - used, 0)::text || ' '
                       || coalesce(to_char(fits AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'never');
END
$$;

DROP FUNCTION guichet.buy(text, text, text);

-- Sells the next unit of emission `wanted` to `kiosk` for player `who`, paid
-- from their account in the same transaction, to be played with scenario
-- generator `generator`: refused, and nothing sold, when the balance is below
-- the stake, the player's protection refuses it, or the kiosk has a unit not
-- settled. Returns the unit, its prize,
-- its block's unit-stream key, the balance after and when it was sold. The
-- player's row is locked first, then the emission's (as `sell` does), so that
-- two kiosks of one player wait in turn.
CREATE FUNCTION guichet.buy(wanted text, kiosk text, who text, generator integer)
RETURNS TABLE (sale_id bigint, block_number integer, unit_index integer, tier smallint,
               prize_cents bigint, stream_key bytea, balance_cents bigint, sold_at text)
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    player guichet.players%ROWTYPE;
    stake bigint;
    unfinished bigint;
    sold record;
    sale guichet.sales%ROWTYPE;
BEGIN
    SELECT * INTO player FROM guichet.players WHERE name = who FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no player %', who USING ERRCODE = 'GU004';
    END IF;
    -- One unit at a time on a kiosk: two purchases of one kiosk wait in turn.
    PERFORM pg_advisory_xact_lock(hashtext('guichet.kiosk:' || kiosk));
    SELECT s.id INTO unfinished FROM guichet.sales s
    WHERE s.kiosk = buy.kiosk AND s.settled_at IS NULL AND s.generator IS NOT NULL
    ORDER BY s.id LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'unit % of kiosk % is not settled', unfinished, kiosk
            USING ERRCODE = 'GU006', DETAIL = unfinished::text;
    END IF;
    SELECT e.stake_cents INTO stake FROM guichet.emissions e WHERE e.code = wanted;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no block of emission % was ever opened', wanted
            USING ERRCODE = 'GU001';
    END IF;
    PERFORM guichet.check_protection(player.id, 'stake', stake);
    IF player.balance_cents < stake THEN
        RAISE EXCEPTION 'balance too low: % cents, the stake is % cents', player.balance_cents, stake
            USING ERRCODE = 'GU005', DETAIL = player.balance_cents::text;
    END IF;
    SELECT * INTO sold FROM guichet.sell(wanted, kiosk);
    UPDATE guichet.sales s SET player_id = player.id, generator = buy.generator
    FROM guichet.blocks b
    WHERE b.emission = wanted AND b.number = sold.block_number
      AND s.block_id = b.id AND s.unit_index = sold.unit_index
    RETURNING s.* INTO sale;
    UPDATE guichet.players SET balance_cents = balance_cents - stake WHERE id = player.id;
    INSERT INTO guichet.ledger
        (player_id, kind, amount_cents, balance_after_cents, kiosk, block_id, unit_index)
    VALUES (player.id, 'stake', -stake, player.balance_cents - stake, kiosk, sale.block_id,
            sale.unit_index);
    RETURN QUERY
    SELECT sale.id, sold.block_number, sold.unit_index, sold.tier,
           coalesce(p.prize_cents, 0), b.stream_key, player.balance_cents - stake,
           to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
    FROM guichet.blocks b
    LEFT JOIN guichet.prizes p ON p.emission = b.emission AND p.tier = sold.tier
    WHERE b.id = sale.block_id;
END
$$;
REVOKE ALL ON FUNCTION guichet.buy(text, text, text, integer) FROM PUBLIC;

-- Journals `steps` of unit `sale` of `kiosk`, the first of them step number
-- `first_seq`: refused unless exactly `first_seq` steps are journaled already
-- (so a step is never written twice nor skipped) and the unit is not settled.
-- Returns the steps journaled in all.
CREATE FUNCTION guichet.reveal(kiosk text, sale bigint, first_seq integer, steps text[])
RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    unit guichet.sales%ROWTYPE;
    journaled integer;
BEGIN
    SELECT * INTO unit FROM guichet.sales s
    WHERE s.id = sale AND s.kiosk = reveal.kiosk AND s.generator IS NOT NULL FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no unit % played on kiosk %', sale, kiosk USING ERRCODE = 'GU007';
    END IF;
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
REVOKE ALL ON FUNCTION guichet.reveal(text, bigint, integer, text[]) FROM PUBLIC;

-- Settles unit `sale` of `kiosk`: credits the prize its tier gives to the
-- player who paid for it, exactly once, and says when it was settled.
-- Settling it again credits nothing.
-- The kiosk settles a unit once the player has revealed it all (the operator's
-- `verify` replays the journal of every settled unit).
CREATE FUNCTION guichet.settle(kiosk text, sale bigint)
RETURNS TABLE (credited boolean, prize_cents bigint, balance_cents bigint, settled_at text)
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    unit guichet.sales%ROWTYPE;
    player guichet.players%ROWTYPE;
    prize bigint;
BEGIN
    SELECT * INTO unit FROM guichet.sales s
    WHERE s.id = sale AND s.kiosk = settle.kiosk AND s.generator IS NOT NULL;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no unit % played on kiosk %', sale, kiosk USING ERRCODE = 'GU007';
    END IF;
    -- The player's row first, as `buy` locks it, then the unit's.
    SELECT * INTO player FROM guichet.players WHERE id = unit.player_id FOR UPDATE;
    SELECT * INTO unit FROM guichet.sales s WHERE s.id = sale FOR UPDATE;
    SELECT coalesce(max(p.prize_cents), 0) INTO prize
    FROM guichet.blocks b JOIN guichet.prizes p ON p.emission = b.emission
    WHERE b.id = unit.block_id AND p.tier = unit.tier;
    IF unit.settled_at IS NOT NULL THEN
        RETURN QUERY SELECT false, prize, player.balance_cents,
            to_char(unit.settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"');
        RETURN;
    END IF;
    UPDATE guichet.sales s SET settled_at = now() WHERE s.id = sale;
    IF prize > 0 THEN
        UPDATE guichet.players SET balance_cents = balance_cents + prize WHERE id = player.id;
        INSERT INTO guichet.ledger
            (player_id, kind, amount_cents, balance_after_cents, kiosk, block_id, unit_index)
        VALUES (player.id, 'prize', prize, player.balance_cents + prize, kiosk, unit.block_id,
                unit.unit_index);
    END IF;
    RETURN QUERY SELECT true, prize, player.balance_cents + prize,
        to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"');
END
$$;
REVOKE ALL ON FUNCTION guichet.settle(text, bigint) FROM PUBLIC;

-- The units played on `kiosk` a kiosk needs to show again: unit `wanted`
-- alone, or (when `wanted` is NULL) every unsettled one, oldest first — each
-- with its prize, its block's unit-stream key and its steps. Two queries, each
-- planned on its own index (one generic plan for both would scan every sale).
CREATE FUNCTION guichet.kiosk_units(kiosk text, wanted bigint)
RETURNS TABLE (sale_id bigint, emission text, block_number integer, unit_index integer,
               prize_cents bigint, stream_key bytea, generator integer, sold_at text,
               settled_at text, steps text[])
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    chosen bigint[];
BEGIN
    IF wanted IS NULL THEN
        chosen := ARRAY(SELECT s.id FROM guichet.sales s
                        WHERE s.kiosk = kiosk_units.kiosk AND s.settled_at IS NULL
                          AND s.generator IS NOT NULL
                        ORDER BY s.id);
    ELSE
        chosen := ARRAY[wanted];
    END IF;
    RETURN QUERY
    SELECT s.id, b.emission, b.number, s.unit_index, coalesce(p.prize_cents, 0), b.stream_key,
           s.generator,
           to_char(s.sold_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
           to_char(s.settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
           ARRAY(SELECT r.step FROM guichet.reveal_steps r WHERE r.sale_id = s.id ORDER BY r.seq)
    FROM guichet.sales s
    JOIN guichet.blocks b ON b.id = s.block_id
    LEFT JOIN guichet.prizes p ON p.emission = b.emission AND p.tier = s.tier
    WHERE s.id = ANY (chosen) AND s.kiosk = kiosk_units.kiosk AND s.generator IS NOT NULL
    ORDER BY s.id;
END
$$;
REVOKE ALL ON FUNCTION guichet.kiosk_units(text, bigint) FROM PUBLIC;

-- Player `who`'s balance.
CREATE FUNCTION guichet.balance(who text)
RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT balance_cents FROM guichet.players WHERE name = who
$$;
REVOKE ALL ON FUNCTION guichet.balance(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION guichet.refuse_change() FROM PUBLIC;
REVOKE ALL ON FUNCTION guichet.limit_in_force(bigint, text, timestamptz) FROM PUBLIC;
REVOKE ALL ON FUNCTION guichet.check_protection(bigint, text, bigint) FROM PUBLIC;
