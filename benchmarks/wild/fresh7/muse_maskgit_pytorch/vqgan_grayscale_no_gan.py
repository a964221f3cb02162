from muse_maskgit_pytorch import VQGanVAE

# grayscale tokenizer: the library turns GAN and perceptual losses off for it
model = VQGanVAE(
    dim=32,
    channels=1,
    layers=2,
    codebook_size=1024,
    lfq_kwargs=dict(diversity_gamma=2.0),
    l2_recon_loss=True,
    use_vgg_and_gan=False,
)
