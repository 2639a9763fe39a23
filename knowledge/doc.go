// Package knowledge is Errand's memory of the documentation of the sites it works on: it
// ingests URLs, sites and files, and retrieves the passages that answer a question, with
// and without a model (docs/knowledge.md).
//
// The layout, one package per thing owned:
//
//	knowledge          Base: Open, Ingest, Retrieve, Sources, Forget, background embedding
//	knowledge/extract  bytes → Markdown blocks, by format (HTML main content, PDF pages, DOCX, …)
//	knowledge/chunk    Markdown → heading- and sentence-aware chunks with overlap
//	knowledge/crawl    the polite crawler (colly): robots.txt, sitemaps, depth and page limits
//	knowledge/live     a page read in the browser: as rendered, then what its disclosure controls reveal
//	knowledge/catalog  knowledge.db: sources, chunks, FTS5/BM25, the embedding queue
//	knowledge/vector   chromem-go vectors, a collection per site and embedding model
//	knowledge/fuse     reciprocal rank fusion, freshness, de-duplication
//	knowledge/recorded steps as remembered: element descriptions, page signatures
//	knowledge/skills   fixes learned from corrections (docs/memory.md)
//	knowledge/replay   completed errands as scripts with their values made variables
//
// Lexical retrieval (SQLite FTS5, BM25) always works, offline and without Ollama. When an
// embedding model answers, chunks are also embedded in the background and retrieval fuses
// both rankings; with none it is lexical alone, never a made-up embedder. The engine reaches
// this package only through the small interface it declares itself.
package knowledge
