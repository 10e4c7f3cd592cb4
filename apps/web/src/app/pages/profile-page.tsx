import { ProducerBenefitsForm } from '@/features/benefits/components/producer-benefits-form';
import { CertificationsTab } from '@/features/certifications/components/certifications-tab';
import { ProductsTab } from '@/features/my-products/components/products-tab';
import { PickupTab } from '@/features/pickup-day/components/pickup-tab';
import ProfilePage from '@/features/producers/pages/profile-page';
import { PrintLabelsButton } from '@/features/product-editor/components/print-labels-dialog';
import { ProductForm } from '@/features/product-editor/components/product-form';

/**
 * /profile: the producer's own area; its products tab from my-products with the product editor's form
 * and label printing, its certifications, pickup and benefits tabs from their features.
 */
export default function ComposedProfilePage() {
  return (
    <ProfilePage
      productsTab={(profile) => (
        <ProductsTab
          printLabels={(products) => <PrintLabelsButton products={products} producer={profile} />}
          productForm={(props) => <ProductForm {...props} producerState={profile.state} labelProducer={profile} />}
        />
      )}
      certificationsTab={(profile) => <CertificationsTab certifications={profile.certifications} />}
      pickupTab={<PickupTab />}
      benefitsTab={<ProducerBenefitsForm />}
    />
  );
}
