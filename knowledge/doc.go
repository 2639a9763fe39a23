// Package knowledge will own ingestion, crawling, embeddings, RAG retrieval and the skills
// memory (docs/decisions.md D-40, D-41). It is empty until the "Knowledge and memory" work
// lands; the engine reaches it only through the small interfaces it declares itself.
package knowledge
