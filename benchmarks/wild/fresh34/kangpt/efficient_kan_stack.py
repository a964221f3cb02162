from kan_gpt.efficient_kan.model import KAN

model = KAN(width=[8, 16, 4], grid=5, k=3)
