"""The ``brehon`` command (:mod:`brehon.cli`), ``brehon serve``'s supervision
of its parts (:mod:`brehon.serve`) and Brehon's own Redis servers
(:mod:`brehon.redis_server`). Neither HTTP nor jobs: it starts them."""
