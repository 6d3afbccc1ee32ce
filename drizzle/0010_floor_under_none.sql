-- "No basement" is an empty 地下階数, never 0: the editor's rule is that floor
-- counts are nonzero, so rows seeded with under = 0 could not be saved unchanged
-- (地下階数は0以外の値を入力してください). The seed now writes null; this fixes
-- rows stored before.
UPDATE `investments` SET `floor` = json_set(`floor`, '$.under', json('null'))
WHERE json_valid(`floor`) AND json_type(`floor`, '$.under') IN ('integer', 'real') AND json_extract(`floor`, '$.under') = 0;
