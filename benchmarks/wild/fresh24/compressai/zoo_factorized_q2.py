"""The Balle 2018 factorized-prior image codec from the model zoo at quality 2 (no pretrained weights)."""

from compressai.zoo import bmshj2018_factorized

model = bmshj2018_factorized(quality=2, metric="mse", pretrained=False)
