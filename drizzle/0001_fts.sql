-- Free-word search (fw): an FTS5 index with the trigram tokenizer, which finds
-- Japanese substrings without a morphological analyser. External content
-- (content='investments') so the text is stored once; triggers keep it in sync.
CREATE VIRTUAL TABLE `investments_fts` USING fts5(name, keywords, content='investments', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `investments_fts_ai` AFTER INSERT ON `investments` BEGIN
  INSERT INTO investments_fts(rowid, name, keywords) VALUES (new.id, new.name, new.keywords);
END;
--> statement-breakpoint
CREATE TRIGGER `investments_fts_ad` AFTER DELETE ON `investments` BEGIN
  INSERT INTO investments_fts(investments_fts, rowid, name, keywords) VALUES ('delete', old.id, old.name, old.keywords);
END;
--> statement-breakpoint
CREATE TRIGGER `investments_fts_au` AFTER UPDATE OF name, keywords ON `investments` BEGIN
  INSERT INTO investments_fts(investments_fts, rowid, name, keywords) VALUES ('delete', old.id, old.name, old.keywords);
  INSERT INTO investments_fts(rowid, name, keywords) VALUES (new.id, new.name, new.keywords);
END;
