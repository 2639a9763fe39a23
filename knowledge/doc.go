// Package knowledge will own ingestion, crawling, embeddings, RAG retrieval and the skills
// memory (DESIGN §7). It is empty until the "Knowledge and memory" work lands; the engine
// reaches it only through the small interfaces it declares itself.
package knowledge
