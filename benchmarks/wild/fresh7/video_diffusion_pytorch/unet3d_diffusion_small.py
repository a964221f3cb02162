from video_diffusion_pytorch import GaussianDiffusion, Unet3D

unet = Unet3D(dim=32, dim_mults=(1, 2, 4), channels=3, attn_heads=4, attn_dim_head=16)
model = GaussianDiffusion(unet, image_size=32, num_frames=8, timesteps=250, loss_type="l2")
