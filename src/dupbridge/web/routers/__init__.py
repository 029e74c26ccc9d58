"""The routers, one per area, listed explicitly in :func:`dupbridge.web.app.create_app`."""
