"""Clinch: hex-map tactical close combat under five tabletop rulesets."""

__version__ = "0.1.0"
