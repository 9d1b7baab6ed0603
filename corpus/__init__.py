"""Source texts, curated data and the structured bilingual dataset."""
