"""preference_inference"""
