from lampe.inference import NPE

# posterior estimator for a 3-parameter simulator with 10 summary statistics
model = NPE(3, 10, transforms=4, hidden_features=[128, 128])
