"""Link play's transport: frames on one shared line (link.frame) and the host/console polling machines over it (link.bus)."""
