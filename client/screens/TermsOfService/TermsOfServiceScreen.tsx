import { Link } from 'react-router';
import { AI_DISCLAIMER } from '../../../common/constants';
import { LEGAL_CONTACT_EMAIL, LegalDocument, type LegalSection } from '../../components/LegalDocument';

const sections: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    body: (
      <p>
        By creating an account or using Aerisk you agree to these Terms of Service and to our{' '}
        <Link className="font-medium text-brand-600 hover:underline dark:text-brand-400" to="/privacy-policy">
          Privacy Policy
        </Link>
        . If you use Aerisk on behalf of an organisation, you confirm that you may bind it to these terms. If you do not agree, do not use
        the service.
      </p>
    ),
  },
  {
    id: 'accounts-and-data',
    title: 'User Accounts and Data',
    body: (
      <>
        <p>
          You are responsible for the accuracy of your account information, for keeping your credentials confidential and for all activity
          under your account. Registered users keep their analysis results in their account; results of non-registered use are kept only for
          the session.
        </p>
        <p>
          <strong>Subscriptions and billing.</strong> Aerisk may offer subscription tiers with different features and usage limits, billed
          on monthly or annual billing cycles. Payments are handled by a third-party payment processor under its own terms. Subscriptions
          renew automatically until cancelled; cancellation takes effect at the end of the current billing cycle, and fees already paid are
          non-refundable except where the law requires otherwise.
        </p>
      </>
    ),
  },
  {
    id: 'use-of-service',
    title: 'Permitted and Prohibited Use',
    body: (
      <>
        <p>You may use Aerisk to assess properties for your own business or professional purposes. You must not:</p>
        <ul>
          <li>upload images you have no right to use, or content that is unlawful or infringes others' rights;</li>
          <li>resell, sublicense or redistribute analysis results or the service as your own product;</li>
          <li>attempt to access other users' data, probe or break the security of the service, or overload it;</li>
          <li>reverse engineer the service or its models, or scrape it by automated means beyond its published APIs;</li>
          <li>use the service for unlawful surveillance or to discriminate unlawfully against any person.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'ai-disclaimer',
    title: 'AI-Generated Results',
    body: <p>{AI_DISCLAIMER}</p>,
  },
  {
    id: 'warranties',
    title: 'Disclaimer of Warranties and Limitation of Liability',
    body: (
      <>
        <p>
          The service is provided "as is" and "as available", without warranties of any kind, express or implied, including merchantability,
          fitness for a particular purpose, accuracy and non-infringement. We do not warrant that the service will be uninterrupted or
          error-free.
        </p>
        <p>
          To the fullest extent permitted by law, Aerisk is not liable for indirect, incidental, special, consequential or punitive damages,
          or for lost profits, data or business. Our total liability for all claims relating to the service is limited to the amount you
          paid us in the previous 12 months.
        </p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    body: (
      <p>
        Aerisk, its software, models, interface and content are owned by Aerisk and its licensors and are protected by intellectual property
        laws. You keep the rights to the images you upload and grant us a licence to store and process them to provide the service.
        Third-party imagery remains subject to its providers' terms.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <p>
        You may stop using the service and close your account at any time. We may suspend or terminate access if you breach these terms, if
        required by law, or to protect the service or other users. Sections that by their nature should survive termination (including
        liability, indemnification and governing law) survive it.
      </p>
    ),
  },
  {
    id: 'indemnification',
    title: 'Indemnification',
    body: (
      <p>
        You agree to indemnify and hold harmless Aerisk and its officers, employees and agents from claims, losses and expenses, including
        reasonable legal fees, arising from your use of the service, your content or your breach of these terms.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law and Dispute Resolution',
    body: (
      <p>
        These terms are governed by the laws of the State of Delaware, without regard to its conflict-of-laws rules. Any dispute arising
        from these terms or the service will be resolved by binding arbitration administered by the American Arbitration Association (AAA)
        under its rules, on an individual basis; class actions and jury trials are waived to the extent permitted by law.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to These Terms',
    body: (
      <p>
        We may modify these terms. We will post the updated terms on this page with a new effective date and notify registered users of
        material changes. Continued use of the service after changes take effect means you accept them.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        Questions about these terms? Email us at{' '}
        <a className="font-medium text-brand-600 hover:underline dark:text-brand-400" href={`mailto:${LEGAL_CONTACT_EMAIL}`}>
          {LEGAL_CONTACT_EMAIL}
        </a>
        .
      </p>
    ),
  },
];

export default function TermsOfServiceScreen() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro={
        <p>
          These terms govern your use of Aerisk, a web service that analyses aerial and satellite imagery of properties to help insurance,
          property management and roofing professionals assess risk.
        </p>
      }
      sections={sections}
    />
  );
}
