"""skill_catalog"""
