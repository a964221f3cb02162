import hiera

# the factory with its tiny stage layout, no checkpoint, a 10-class head at 224 px
model = hiera.hiera_tiny_224(pretrained=False, num_classes=10)
