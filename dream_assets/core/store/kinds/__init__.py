"""External memory stores, one module per kind (docs/stores.md): ``boundary`` (the
``StoreKind`` protocol and what it reads and writes), ``registry`` (the kinds by name), and the
kinds: ``claude_code`` (with ``topic_file`` and ``memory_index``), ``openclaw`` (with
``memory_md``) and ``langgraph`` (with ``langgraph_db``: a LangGraph ``PostgresStore``)."""
