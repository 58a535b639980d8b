"""What hosts need beside the bot: metrics, health and readiness."""
