"""Link play: frames on one shared line (link.frame), the host/console polling machines over it (link.bus), and the game over them (link.msg, link.view, link.host, link.console, link.net)."""
