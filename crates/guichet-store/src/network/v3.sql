-- Guichet on PostgreSQL, version 3: player protection and withdrawals on the
-- network's accounts, as on a kiosk's own file (ANJ, décret n° 2020-494,
-- article 17): a deposit limit and a stake limit over 7 rolling days, set at
-- the operator's desk (a first setting or a lowering at once, a raise 48 hours
-- later), self-exclusion, and no deposit nor stake without both limits, past
-- one, or while excluded. A player's age is checked at the desk when the
-- account is opened (a card is issued on an identity document). A withdrawal
-- is always possible, up to the balance.

UPDATE guichet.schema_version SET version = 3;

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

ALTER TABLE guichet.ledger
    DROP CONSTRAINT ledger_kind_check,
    DROP CONSTRAINT ledger_unit_check,
    ADD CONSTRAINT ledger_kind_check
        CHECK (kind IN ('deposit', 'withdrawal', 'stake', 'prize')),
    ADD CONSTRAINT ledger_unit_check
        CHECK ((kind IN ('stake', 'prize')) = (unit_index IS NOT NULL)),
    ADD CONSTRAINT ledger_sign_check
        CHECK ((kind IN ('deposit', 'prize')) = (amount_cents > 0));
CREATE INDEX ledger_recent ON guichet.ledger (player_id, kind, at);

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

-- `buy` checks the player's protection before it sells: the same function as
-- version 2's, with that check after the player's row is locked.
CREATE OR REPLACE FUNCTION guichet.buy(wanted text, kiosk text, who text, generator integer)
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

REVOKE ALL ON FUNCTION guichet.refuse_change() FROM PUBLIC;
REVOKE ALL ON FUNCTION guichet.limit_in_force(bigint, text, timestamptz) FROM PUBLIC;
REVOKE ALL ON FUNCTION guichet.check_protection(bigint, text, bigint) FROM PUBLIC;
