from pythae.models import VQVAE, VQVAEConfig

model = VQVAE(model_config=VQVAEConfig(input_dim=(1, 28, 28), latent_dim=16, num_embeddings=128))
