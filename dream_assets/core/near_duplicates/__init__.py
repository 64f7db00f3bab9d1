"""near_duplicates"""
