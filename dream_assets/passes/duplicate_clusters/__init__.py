"""duplicate_clusters"""
