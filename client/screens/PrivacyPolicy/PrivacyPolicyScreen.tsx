import { Link } from 'react-router';
import { LEGAL_CONTACT_EMAIL, LegalDocument, type LegalSection } from '../../components/LegalDocument';

const sections: LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect only what we need to provide the service:</p>
        <ul>
          <li>
            <strong>Account information</strong>: your email address, display name, profile photo, whether your email is verified, and the
            sign-in method you used (email and password, or a Google account). Passwords are handled by our identity provider and are never
            stored by Aerisk.
          </li>
          <li>
            <strong>Property information</strong>: the addresses and locations you enter, the aerial and satellite images you upload or
            request, and the analysis results, risk assessments and risk zones you create.
          </li>
          <li>
            <strong>Technical information</strong>: authentication tokens, request logs, browser type and the dates and times of your
            visits, used to keep the service secure and working.
          </li>
          <li>
            <strong>Billing information</strong>: if you subscribe to a paid plan, your plan, billing cycle and payment status. Card details
            are collected and stored by our third-party payment processor, not by us.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How We Use Your Information',
    body: (
      <ul>
        <li>To create and secure your account and sign you in.</li>
        <li>To analyse the images you submit and show you risk scores, detected features and recommendations.</li>
        <li>To keep your analysis history, statistics and risk assessments available to you.</li>
        <li>To manage subscriptions and billing for paid plans.</li>
        <li>To answer your requests, send service notices and account emails (such as password resets).</li>
        <li>To detect abuse, fix problems and improve the accuracy and reliability of the service.</li>
      </ul>
    ),
  },
  {
    id: 'how-the-service-works',
    title: 'How the Service Works',
    body: (
      <>
        <p>
          You analyse a property either by address, in which case we fetch a satellite image of that location, or by uploading your own
          aerial image, such as drone footage. An automated, AI-based analysis then looks for features such as pools, spas, overhanging
          trees, roof style and condition, solar panels and power lines, and produces a risk score with recommendations.
        </p>
        <p>
          <strong>Retention.</strong> If you are a registered user, your images, results and assessments are kept in your account until you
          delete them or close your account. If you use the service without registering, results are kept only for the duration of your
          session and are discarded when it ends.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Information Sharing',
    body: (
      <>
        <p>We do not sell your personal information. We share it only:</p>
        <ul>
          <li>
            With service providers that run parts of the service for us, such as identity and sign-in, hosting, image providers, AI analysis
            providers and our third-party payment processor, each bound to use it only for that purpose.
          </li>
          <li>When required by law, regulation, legal process or an enforceable governmental request.</li>
          <li>To protect the rights, property or safety of Aerisk, our users or the public.</li>
          <li>As part of a merger, acquisition or sale of assets, with notice to you.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Data Security',
    body: (
      <p>
        We use encryption in transit, access controls and verified sign-in tokens to protect your information, and each account can see only
        its own data. No method of transmission or storage is completely secure, so we cannot guarantee absolute security. Keep your
        password confidential and tell us promptly about any unauthorised use of your account.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of Liability',
    body: (
      <p>
        To the fullest extent permitted by law, Aerisk is not liable for indirect, incidental, special, consequential or punitive damages
        arising from the handling of your information or your use of the service. Our total liability for any claim is limited to the amount
        you paid us for the service in the previous 12 months.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    body: (
      <p>
        You keep the rights to the images you upload and grant us a limited licence to process them to provide the service. The Aerisk
        software, models, design and content are owned by Aerisk and its licensors. Imagery fetched from third-party providers remains
        subject to those providers' terms and attributions.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    body: (
      <p>
        We may update this policy from time to time. We will post the new version on this page with a new effective date and, for material
        changes, notify registered users by email or in the app. Continued use of the service after a change means you accept the updated
        policy.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        Questions about this policy or your information? Email us at{' '}
        <a className="font-medium text-brand-600 hover:underline dark:text-brand-400" href={`mailto:${LEGAL_CONTACT_EMAIL}`}>
          {LEGAL_CONTACT_EMAIL}
        </a>
        . You can also read our{' '}
        <Link className="font-medium text-brand-600 hover:underline dark:text-brand-400" to="/terms-of-service">
          Terms of Service
        </Link>
        .
      </p>
    ),
  },
];

export default function PrivacyPolicyScreen() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          Aerisk provides property risk analysis from aerial and satellite imagery for professionals in insurance, property management and
          roofing. This policy explains what information we collect, how we use it and the choices you have.
        </p>
      }
      sections={sections}
    />
  );
}
